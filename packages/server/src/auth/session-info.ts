/**
 * What a strategy adds besides the user: the server-side session the token belongs to. A type of
 * its own, so `declarations.ts` reads it without importing the strategies (which import it back).
 */
export interface SessionInfo {
  id: string;
  /** The user owes an e-mail code: the token reaches only the two-factor endpoints. */
  twoFactorPending: boolean;
  /** The session's absolute end (ms since the epoch): created_at + SESSION_MAX_HOURS. */
  endsAt: number;
}
