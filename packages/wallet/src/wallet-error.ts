import type { ErrorCode } from '@scr/domain';

/** A refusal with a catalogued code; `detail` replaces the catalogue's English text. */
export class WalletError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    /** With too_many_requests: how long to wait before trying again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail ?? code);
  }
}

/** The refusal of a client that has failed too often: `too_many_requests`, with when to retry. */
export function tooManyFailures(retryAfterMs: number): WalletError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new WalletError(
    'too_many_requests',
    `Too many failed attempts. Please wait ${seconds} seconds and try again.`,
    seconds,
  );
}
