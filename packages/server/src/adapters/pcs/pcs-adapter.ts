/**
 * The port community system (DESIGN §4 "PCS": an HTTP client to a configured PCS endpoint, and a
 * small PCS server of ours with the same contract for development and tests). One contract:
 *
 * `POST {base}/v1/messages` with `Authorization: Basic` (the configured credentials) and
 * `Idempotency-Key: {messageId}`, a JSON `PcsMessage`; the PCS answers 200 with
 * `{messageId, results: [{address, status: "accepted" | "refused", reference?, code?, message?}]}`,
 * one result per release. The same `messageId` always gets the same answer, so a message sent
 * again after a timeout is never taken twice. A 5xx, 401, 403, 408 or 429 answer, a timeout or
 * no connection means "try again later"; any other 4xx refuses the whole message.
 */

/** One release as the PCS is told of it. */
export interface PcsReleaseItem {
  address: string;
  blNumber: string;
  containerNumber: string;
  /** The pick-up terminal's code, and the carrier's EDI names of it. */
  terminal: string;
  ediName: string | null;
  ediLocode: string | null;
  validFrom: string;
  validUntil: string;
}

/** One signed PCS action, as sent (every attempt the same). */
export interface PcsMessage {
  messageId: string;
  /** `transfer`: the PCS takes the releases over; `revoke`: it gives them back. */
  action: 'transfer' | 'revoke';
  /** The organisation that signed the action. */
  sender: { address: string; name: string };
  /** The organisation's signed statement (DESIGN §3), for the PCS to check itself. */
  statement: string;
  signature: string;
  releases: PcsReleaseItem[];
}

/** The PCS's answer for one release. */
export interface PcsReleaseAnswer {
  address: string;
  status: 'accepted' | 'refused';
  /** The PCS's reference of an accepted release. */
  reference?: string;
  /** Why it refused: `notInPcs` (a revoke of a release it does not hold) or its own code. */
  code?: string;
  message?: string;
}

export interface PcsAdapter {
  /** Sends one message; throws `PcsUnavailableError` or `PcsRejectedError`. */
  send(message: PcsMessage): Promise<PcsReleaseAnswer[]>;
}

/** The PCS could not be reached, answered too slowly or with a server error: try again later. */
export class PcsUnavailableError extends Error {
  override name = 'PcsUnavailableError';
}

/** The PCS refused the message as a whole (a 4xx other than the retryable ones). */
export class PcsRejectedError extends Error {
  override name = 'PcsRejectedError';
}
