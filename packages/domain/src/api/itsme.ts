/**
 * itsme registration of a driver (access spec §4 "Drivers, barges, trains", §7 "Transporters",
 * §8 "Itsme"; issue 11 item 3). The drivers PATCH with `sendItsmeLink` or `copyItsmeLink` answers
 * a `link`; the driver opens it, registers at itsme, and comes back to `/itsme-confirm?code&state`,
 * which posts the code to `POST driver/itsme` with the state as its bearer token.
 */

/** How long a registration link (its state) stays valid; it is also good for one use only. */
export const itsmeLinkHours = 72;

/** The web page the provider redirects to (public, no sign-in). */
export const itsmeConfirmRoute = '/itsme-confirm';

/** `POST driver/itsme`, with `Authorization: Bearer <state>`. */
export interface ItsmeConfirmRequest {
  itsmeCode: string;
}

/** The answer: the names the provider vouched for, now stored with the driver. */
export interface ItsmeConfirmAnswer {
  registered: true;
  givenName: string;
  familyName: string;
}

/** What `/itsme-confirm` makes of its query: post the code, or show why it cannot. */
export type ItsmeReturn =
  | { kind: 'confirm'; code: string; state: string }
  | {
      kind: 'failed';
      reason: 'itsme_missing_code' | 'itsme_missing_state' | 'itsme_registration_failed';
    };

/**
 * Reads the provider's redirect (RFC 6749 §4.1.2): `code` and `state` on success, `error` when
 * the person cancelled or the provider refused, which is a failed registration to restart.
 */
export function readItsmeReturn(query: URLSearchParams): ItsmeReturn {
  const code = query.get('code')?.trim() ?? '';
  const state = query.get('state')?.trim() ?? '';
  if (query.has('error')) return { kind: 'failed', reason: 'itsme_registration_failed' };
  if (!state) return { kind: 'failed', reason: 'itsme_missing_state' };
  if (!code) return { kind: 'failed', reason: 'itsme_missing_code' };
  return { kind: 'confirm', code, state };
}
