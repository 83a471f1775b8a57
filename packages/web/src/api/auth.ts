import { servicePaths, type FindUserResult } from '@scr/domain';
import { isSessionUser, type SessionUser } from '../features/session/session-user.ts';
import { api } from './client.ts';
import { HttpError } from './http.ts';

/** What `POST /api/authentication` answers (DESIGN §3 step 5). */
export interface Authentication {
  accessToken: string;
  user: SessionUser;
  /** The token reaches only the two-factor endpoints until the e-mailed code is validated. */
  twoFactorRequired: boolean;
}

/** `GET /api/find-user?email=`: the users with this e-mail, each with its organisation. */
export function findUserByEmail(email: string): Promise<FindUserResult> {
  return api.service(servicePaths.findUser).find({ query: { email } }) as Promise<FindUserResult>;
}

/**
 * `GET /api/find-user?token=` (issue 9 §3): the one user of a login link, whose URL hash carries
 * the token (access spec §4 "Login flow"). The link is single-use: a second call answers empty.
 */
export function findUserByLoginLink(token: string): Promise<FindUserResult> {
  return api.service(servicePaths.findUser).find({ query: { token } }) as Promise<FindUserResult>;
}

/** `POST /api/authentication-challenges`: a Sign-In with Ethereum message for this address. */
export async function createChallenge(address: string): Promise<string> {
  const answer = (await api.service(servicePaths.authenticationChallenges).create({ address })) as {
    message?: unknown;
  } | null;
  if (typeof answer?.message !== 'string') throw malformed('authentication-challenges');
  return answer.message;
}

/** `POST /api/authentication` with the wallet's signature of the challenge. */
export async function authenticateWithWallet(input: {
  userId: number;
  message: string;
  signature: string;
}): Promise<Authentication | null> {
  const answer: unknown = await api
    .service(servicePaths.authentication)
    .create({ strategy: 'wallet', ...input });
  return authenticationFrom(answer);
}

/** `POST /api/authentication` with strategy jwt: a new token and the user as they are now. */
export async function reAuthenticate(accessToken: string): Promise<Authentication> {
  const answer: unknown = await api
    .service(servicePaths.authentication)
    .create({ strategy: 'jwt', accessToken });
  const authentication = authenticationFrom(answer);
  if (!authentication) throw malformed('authentication');
  return authentication;
}

/** `DELETE /api/authentication`: the server revokes the token. */
export async function revokeAccessToken(accessToken: string): Promise<void> {
  await api
    .service(servicePaths.authentication)
    .remove(null, { headers: { Authorization: `Bearer ${accessToken}` } });
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
