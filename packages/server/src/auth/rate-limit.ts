import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  budgetVerdict,
  failureVerdict,
  signInLimits,
  subjectVerdict,
  type Budget,
  type LimitVerdict,
  type SubjectRule,
} from '@scr/domain';
import type { Config } from '../config.ts';
import type { HookContext, NextFunction } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';
import { clientKey } from '../http/client-address.ts';

/** The caller's address: set on REST by the Koa middleware, on socket.io at connection. */
export const callerIp = (context: HookContext) => String(context.params.ip ?? 'unknown');

/** The caller as the limits count it: its address, an IPv6 one by its /64 network. */
export const callerKey = (context: HookContext) => clientKey(callerIp(context));

type KeyOf = (context: HookContext) => string | null | undefined;

const storeOf = (context: HookContext) => context.app.get('sharedState').store;

/** The key of an external call, or null: internal calls (no provider) are never limited. */
const keyOf = (context: HookContext, key: KeyOf) =>
  context.params.provider ? key(context) || null : null;

/** A refusal says how long to wait (in the message, `data.retryAfterSeconds`, `Retry-After`). */
async function obey(verdict: LimitVerdict): Promise<void> {
  if (verdict.kind === 'go') {
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    return;
  }
  const seconds = Math.ceil(verdict.retryAfterMs / 1000);
  throw appError('too_many_requests', {
    message: `Too many attempts. Please wait ${seconds} seconds and try again.`,
    retryAfterSeconds: seconds,
  });
}

/** A failure the caller caused (4xx); the portal's own (5xx) is never held against it. */
const callersFailure = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code >= 400 && code < 500;
};

/**
 * Around hook (issue 42 item 2): each value of `key` may make `budget.limit` calls to this
 * endpoint per window, counted once for all instances in the shared store; past that,
 * too_many_requests until the window ends.
 */
export function callBudget(budget: Budget, key: KeyOf) {
  return async (context: HookContext, next: NextFunction) => {
    const value = keyOf(context, key);
    if (value) {
      const count = await storeOf(context).hit(
        `limit:calls:${context.path}:${value}`,
        budget.windowMs,
      );
      await obey(budgetVerdict(count, budget, Date.now()));
    }
    await next();
  };
}

/**
 * Around hook: each value of `key` may fail `budget.limit` times per window; then it is refused
 * before it is tried until the window ends.
 */
export function failureBudget(budget: Budget, key: KeyOf) {
  return async (context: HookContext, next: NextFunction) => {
    const value = keyOf(context, key);
    if (!value) return next();
    const store = storeOf(context);
    const counter = `limit:fail:${context.path}:${value}`;
    await obey(failureVerdict(await store.peek(counter), budget, Date.now()));
    try {
      await next();
    } catch (error) {
      // The caller's answer stands even if neither store can count it now.
      if (callersFailure(error)) await store.hit(counter, budget.windowMs).catch(() => undefined);
      throw error;
    }
  };
}

/** A subject in a key: hashed, so that no e-mail address rests in Redis or the database. */
const hashed = (subject: string) =>
  createHash('sha256').update(subject, 'utf8').digest('base64url').slice(0, 22);

/**
 * Around hook for calls naming a subject a stranger can name (an e-mail address; domain
 * `subjectVerdict`): the client that used up its own stop for the subject is refused; any other
 * goes on, slowed once all clients together pass the subject's ceiling. A refused call is not
 * counted for the subject.
 */
export function subjectLimit(rule: SubjectRule, subject: KeyOf, client: KeyOf = callerKey) {
  return async (context: HookContext, next: NextFunction) => {
    const who = keyOf(context, subject);
    const from = keyOf(context, client);
    if (!who || !from) return next();
    const store = storeOf(context);
    const counter = `limit:subject:${context.path}:${hashed(who)}`;
    const own = await store.hit(`${counter}:${from}`, rule.perSubjectAndClient.windowMs);
    await obey(subjectVerdict({ subjectAndClient: own, subject: null }, rule, Date.now()));
    const all = await store.hit(counter, rule.perSubject.windowMs);
    await obey(subjectVerdict({ subjectAndClient: own, subject: all }, rule, Date.now()));
    await next();
  };
}

/**
 * Per client address and endpoint, SIGN_IN_CALLS_PER_IP_PER_MINUTE (60 by default): generous for
 * an office behind one address, tight for a script.
 */
export const perIp = (config: Config, key: KeyOf = callerKey) =>
  callBudget({ ...signInLimits.callsPerClient, limit: config.signInCallsPerIpPerMinute }, key);
