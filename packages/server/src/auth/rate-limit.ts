import { RateLimiter } from '@scr/domain';
import type { Config } from '../config.ts';
import type { HookContext, NextFunction } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';

/** The caller's address: set on REST by the Koa middleware, on socket.io at connection. */
export const callerIp = (context: HookContext) => String(context.params.ip ?? 'unknown');

type KeyOf = (context: HookContext) => string | null | undefined;

const tooMany = (retryAfterMs: number) =>
  appError('too_many_requests', {
    message: `Too many attempts. Please wait ${Math.ceil(retryAfterMs / 1000)} seconds and try again.`,
  });

/**
 * Around hook limiting a sign-in endpoint (issue 3, abuse limits): each value of `key` may make
 * `limit` calls per window, or with `failuresOnly` make `limit` failed calls; past that, 429
 * too_many_requests saying how long to wait. Internal calls are not limited.
 */
export function rateLimit(
  limit: number,
  windowMs: number,
  key: KeyOf,
  options: { failuresOnly?: boolean } = {},
) {
  const limiter = new RateLimiter({ limit, windowMs });
  return async (context: HookContext, next: NextFunction) => {
    const value = context.params.provider ? key(context) : null;
    if (!value) return next();
    const verdict = options.failuresOnly ? limiter.check(value) : limiter.hit(value);
    if (!verdict.allowed) throw tooMany(verdict.retryAfterMs);
    if (!options.failuresOnly) return next();
    try {
      await next();
    } catch (error) {
      limiter.hit(value);
      throw error;
    }
  };
}

/**
 * Per IP, SIGN_IN_CALLS_PER_IP_PER_MINUTE (60 by default): generous for an office behind one
 * address, tight for a script.
 */
export const perIp = (config: Config) =>
  rateLimit(config.signInCallsPerIpPerMinute, 60_000, callerIp);

/**
 * Per client address: twenty failed sign-ins in five minutes, then a pause. Sign-in failures are
 * counted by who sends them, not by whom they name, so nobody can lock another person out.
 */
export const failuresPerClient = (key: KeyOf) =>
  rateLimit(20, 5 * 60_000, key, { failuresOnly: true });

/**
 * Per looked-up account, SIGN_IN_LOOKUPS_PER_ACCOUNT (30 in five minutes by default): enough for
 * any person signing in again and again.
 */
export const lookupsPerAccount = (config: Config, key: KeyOf) =>
  rateLimit(config.signInLookupsPerAccount, 5 * 60_000, key);
