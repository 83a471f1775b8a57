import type { WindowCount } from './counters.ts';

/**
 * The limits of the portal's sign-in endpoints (issue 42 item 2, DESIGN §2 "Scale out"): their
 * numbers and the rules that turn counts into answers, whichever instance counts. The counts
 * live where every instance sees them (the server's shared store); these functions only judge.
 *
 * Each limit is keyed so that nobody can spend someone else's: by the caller's own client address,
 * by a user reachable only with that user's own session, or, when the key is something a stranger
 * can name (an e-mail address), by that subject and the client together with a hard stop, plus a
 * per-subject ceiling across all clients that slows with a growing delay and never refuses.
 */

/** At most `limit` counts per window of `windowMs`, then a refusal until the window ends. */
export interface Budget {
  limit: number;
  windowMs: number;
}

/** Past `ceiling` counts in a window, each further one waits a delay doubling up to a maximum. */
export interface SlowingCeiling {
  ceiling: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** A limit on calls that name a subject: a stop per subject and client, a ceiling per subject. */
export interface SubjectRule {
  perSubjectAndClient: Budget;
  perSubject: SlowingCeiling;
}

const minute = 60_000;

/** How many clients' full budgets one e-mail address takes before its lookups slow down. */
export const lookupCeilingClients = 5;

/** The numbers (issue 42 item 2; the README lists them). */
export const signInLimits = {
  /** Calls per client address to each sign-in endpoint (SIGN_IN_CALLS_PER_IP_PER_MINUTE). */
  callsPerClient: { limit: 60, windowMs: minute },
  /** E-mail lookups of one address from one client (SIGN_IN_LOOKUPS_PER_ACCOUNT). */
  lookupsPerAccountAndClient: { limit: 30, windowMs: 5 * minute },
  /** Failed wallet sign-ins per client address, over all users. */
  signInFailuresPerClient: { limit: 20, windowMs: 5 * minute },
  /** Failed itsme registrations per client address. */
  itsmeFailuresPerClient: { limit: 30, windowMs: 10 * minute },
  /** Two-factor codes sent per user (only that user's own sessions can ask). */
  twoFactorSendsPerUser: { limit: 5, windowMs: 10 * minute },
  /** Two-factor codes tried per user, over all its sessions. */
  twoFactorValidationsPerUser: { limit: 20, windowMs: 10 * minute },
} as const satisfies Record<string, Budget>;

/**
 * The e-mail lookup rule for a per-client stop of `perClientLimit` (SIGN_IN_LOOKUPS_PER_ACCOUNT):
 * one client is stopped past it for that address; all clients together past
 * `lookupCeilingClients` times it are slowed, from 250 ms doubling to 4 s, never refused.
 */
export function lookupRule(perClientLimit: number = signInLimits.lookupsPerAccountAndClient.limit) {
  const { windowMs } = signInLimits.lookupsPerAccountAndClient;
  return {
    perSubjectAndClient: { limit: perClientLimit, windowMs },
    perSubject: {
      ceiling: perClientLimit * lookupCeilingClients,
      windowMs,
      firstDelayMs: 250,
      maxDelayMs: 4_000,
    },
  } satisfies SubjectRule;
}

/** A limit's answer: go on, after `delayMs` (0: at once), or refuse saying how long to wait. */
export type LimitVerdict =
  { kind: 'go'; delayMs: number } | { kind: 'refuse'; retryAfterMs: number };

const go: LimitVerdict = { kind: 'go', delayMs: 0 };

/** A refusal until `resetAt`, never saying less than a second (a client retrying at once). */
const refuseUntil = (resetAt: number, now: number): LimitVerdict => ({
  kind: 'refuse',
  retryAfterMs: Math.max(1_000, resetAt - now),
});

/** A call budget's answer on a count that includes the call being judged. */
export function budgetVerdict(count: WindowCount, budget: Budget, now: number): LimitVerdict {
  return count.count > budget.limit ? refuseUntil(count.resetAt, now) : go;
}

/**
 * A failure budget's answer before a try, on the failures counted so far (null: none live): a
 * client that has used up its failures is refused until its window ends.
 */
export function failureVerdict(
  failures: WindowCount | null,
  budget: Budget,
  now: number,
): LimitVerdict {
  return failures && failures.count >= budget.limit ? refuseUntil(failures.resetAt, now) : go;
}

/**
 * A call naming a subject, on counts that include it: the client that used up its own stop for
 * this subject is refused; anyone else goes, slowed once the subject's count over all clients
 * passes its ceiling. `subject` is null when the call was not counted for the subject (a client
 * already refused adds nothing to it).
 */
export function subjectVerdict(
  counts: { subjectAndClient: WindowCount; subject: WindowCount | null },
  rule: SubjectRule,
  now: number,
): LimitVerdict {
  const own = budgetVerdict(counts.subjectAndClient, rule.perSubjectAndClient, now);
  if (own.kind === 'refuse') return own;
  return { kind: 'go', delayMs: slowingDelayMs(counts.subject?.count ?? 0, rule.perSubject) };
}

/** The delay of the call that brought a subject's count to `count`: 0 up to the ceiling, then doubling. */
export function slowingDelayMs(count: number, rule: SlowingCeiling): number {
  if (count <= rule.ceiling) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(count - rule.ceiling - 1, 16));
}
