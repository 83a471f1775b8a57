/**
 * Password guessing (issue 42 item 2, DESIGN §3 "Guessing"): the numbers and the one rule the
 * wallet's unlock applies, whichever instance answers.
 *
 * Three counts of failures, each in its own window:
 * - per account and client: past `perAccountAndClient.limit`, that client is refused for that
 *   account until its window ends, before the password is tried (a right guess fails too);
 * - per client, over all accounts: past `perClient.limit`, the client is refused for every
 *   account (a script walking a list of users);
 * - per account, over all clients: past `perAccount.ceiling`, every try for the account is
 *   slowed by a delay that doubles with each further failure, up to `maxDelayMs`. It is never a
 *   refusal: a client that has not failed still gets in with the right password, so nobody can
 *   lock a person out by failing from elsewhere. At `alertAt` the account's owner is told.
 *
 * A success forgets only that account's and client's count: the account's own count runs on, so
 * the person's own sign-in does not lift the slowing an attack earned.
 */
export const passwordGuessing = {
  perAccountAndClient: { limit: 10, windowMs: 15 * 60_000 },
  perClient: { limit: 30, windowMs: 15 * 60_000 },
  perAccount: { ceiling: 20, windowMs: 60 * 60_000, firstDelayMs: 1_000, maxDelayMs: 30_000 },
  /** Failures of one account in its window at which its owner is e-mailed (once a window). */
  alertAt: 20,
} as const satisfies GuessingLimits;

/** The numbers of `passwordGuessing`'s shape: a test or a caller may pass smaller ones. */
export interface GuessingLimits {
  perAccountAndClient: { limit: number; windowMs: number };
  perClient: { limit: number; windowMs: number };
  perAccount: { ceiling: number; windowMs: number; firstDelayMs: number; maxDelayMs: number };
  alertAt: number;
}

/** The failures counted so far; a count whose window has ended is 0. */
export interface GuessCounts {
  accountAndClient: { count: number; resetAt: number } | null;
  client: { count: number; resetAt: number } | null;
  account: { count: number } | null;
}

export type GuessVerdict =
  { kind: 'refuse'; retryAfterMs: number } | { kind: 'try'; delayMs: number };

/** Before a password is tried: refuse this client, or try after `delayMs` (0: at once). */
export function guessVerdict(
  counts: GuessCounts,
  now: number,
  limits: GuessingLimits = passwordGuessing,
): GuessVerdict {
  const stops = [
    counts.accountAndClient && counts.accountAndClient.count >= limits.perAccountAndClient.limit
      ? counts.accountAndClient.resetAt
      : null,
    counts.client && counts.client.count >= limits.perClient.limit ? counts.client.resetAt : null,
  ].filter((resetAt): resetAt is number => resetAt !== null);
  if (stops.length > 0) {
    return { kind: 'refuse', retryAfterMs: Math.max(1_000, Math.max(...stops) - now) };
  }
  return { kind: 'try', delayMs: guessDelayMs(counts.account?.count ?? 0, limits) };
}

/** The slowing of an account with `failures` in its window: 0 up to the ceiling, then doubling. */
export function guessDelayMs(failures: number, limits: GuessingLimits = passwordGuessing): number {
  const { ceiling, firstDelayMs, maxDelayMs } = limits.perAccount;
  if (failures < ceiling) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - ceiling, 16));
}

/** Whether the failure that brought an account to `failures` is the one to tell its owner of. */
export const guessAlertDue = (failures: number, limits: GuessingLimits = passwordGuessing) =>
  failures === limits.alertAt;

/**
 * The counter keys of one try, so that every caller spells them alike. `accountClient` counts a
 * client's failures for the account in the account's window, `accountClients` how many clients
 * have failed for it (each counted at its first failure there): what the owner's alert says.
 */
export function guessKeys(scope: string, account: string, client: string) {
  return {
    accountAndClient: `${scope}:fail:ac:${account}:${client}`,
    client: `${scope}:fail:c:${client}`,
    account: `${scope}:fail:a:${account}`,
    accountClient: `${scope}:fail:as:${account}:${client}`,
    accountClients: `${scope}:fail:an:${account}`,
  };
}
