import type { FindUserResult } from '@scr/domain';
import { isSessionUser, type SessionUser } from '../features/session/session-user.ts';
import { HttpError, requestJson } from './http.ts';
import { apiBase } from './client.ts';

/** What `POST /api/authentication` answers (DESIGN §3 step 5). */
export interface Authentication {
  accessToken: string;
  user: SessionUser;
  /** The token reaches only the two-factor endpoints until the e-mailed code is validated. */
  twoFactorRequired: boolean;
}

/** `GET /api/find-user?email=`: the users with this e-mail, each with its organisation. */
export function findUserByEmail(email: string): Promise<FindUserResult> {
  return requestJson<FindUserResult>(`${apiBase}/find-user?email=${encodeURIComponent(email)}`);
}

/** `POST /api/authentication-challenges`: a Sign-In with Ethereum message for this address. */
export async function createChallenge(address: string): Promise<string> {
  const answer = await requestJson<{ message?: unknown }>(`${apiBase}/authentication-challenges`, {
    method: 'POST',
    body: { address },
  });
  if (typeof answer?.message !== 'string') throw malformed('authentication-challenges');
  return answer.message;
}

/** `POST /api/authentication` with the wallet's signature of the challenge. */
export async function authenticateWithWallet(input: {
  userId: number;
  message: string;
  signature: string;
}): Promise<Authentication | null> {
  const answer = await requestJson(`${apiBase}/authentication`, {
    method: 'POST',
    body: { strategy: 'wallet', ...input },
  });
  return authenticationFrom(answer);
}

/** `POST /api/authentication` with strategy jwt: a new token and the user as they are now. */
export async function reAuthenticate(accessToken: string): Promise<Authentication> {
  const answer = await requestJson(`${apiBase}/authentication`, {
    method: 'POST',
    body: { strategy: 'jwt', accessToken },
  });
  const authentication = authenticationFrom(answer);
  if (!authentication) throw malformed('authentication');
  return authentication;
}

/** `DELETE /api/authentication`: the server revokes the token. */
export async function revokeAccessToken(accessToken: string): Promise<void> {
  await requestJson(`${apiBase}/authentication`, { method: 'DELETE', token: accessToken });
}

/**
 * The authentication of an answer, or null when it lacks a token or a user (access spec §4
 * step 4: then "Could not authenticate.").
 */
export function authenticationFrom(answer: unknown): Authentication | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { accessToken, user, twoFactorRequired } = answer as Record<string, unknown>;
  if (typeof accessToken !== 'string' || !accessToken || !isSessionUser(user)) return null;
  return { accessToken, user, twoFactorRequired: twoFactorRequired === true };
}

function malformed(service: string) {
  return new HttpError(502, null, `${service} answered without the expected fields`);
}
