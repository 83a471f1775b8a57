import { servicePaths } from '@scr/domain';
import { isSessionUser, type SessionUser } from '../features/session/session-user.ts';
import { api } from './client.ts';
import { HttpError } from './http.ts';

/** `GET /api/two-factor/auth/email`: the server e-mails a 6-digit code to the user. */
export async function sendTwoFactorCode(): Promise<void> {
  await api.service(servicePaths.twoFactorSend).find();
}

/** What a validated code gives: the full access token and the user. */
export interface TwoFactorValidation {
  accessToken: string;
  user: SessionUser;
}

/** `POST /api/two-factor/auth/email/validate`: exchanges the code for a full access token. */
export async function validateTwoFactorCode(code: string): Promise<TwoFactorValidation> {
  const answer = (await api.service(servicePaths.twoFactorValidate).create({ code })) as Record<
    string,
    unknown
  > | null;
  const token = answer?.token;
  const user = answer?.user;
  if (answer?.twoFactorAuthEmailValidated !== true || typeof token !== 'string') {
    throw new HttpError(400, 'validation_failed', 'The code was not accepted');
  }
  if (!isSessionUser(user)) throw new HttpError(502, null, 'validate answered without a user');
  return { accessToken: token, user };
}
