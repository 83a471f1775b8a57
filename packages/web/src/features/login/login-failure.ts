import type { ErrorCode } from '@scr/domain';
import { HttpError, NetworkError, statusOf } from '../../api/http.ts';
import type { LoginFormFailure } from './login-form-messages.ts';

/** Every way a sign-in can fail that the login screen names (access spec §5 and §8). */
export type LoginFailureKind =
  | 'emailRequired'
  | 'emailInvalid'
  | 'emailNotFound'
  | 'selectOrganisation'
  | 'organisationNotDetermined'
  | 'passwordRequired'
  | 'invalidCredentialsCloud'
  | 'invalidCredentialsOnPremise'
  | 'apiUnreachable'
  | 'walletUnreachable'
  | 'authenticationFailed'
  | 'tooManyAttempts'
  | 'loginLinkInvalid'
  | 'other';

/** A failed sign-in step, named for the message the login screen shows. */
export class LoginFailure extends Error {
  override readonly name = 'LoginFailure';
  constructor(
    readonly kind: LoginFailureKind,
    options?: { cause?: unknown },
  ) {
    super(kind, options);
  }
}

/** Which call failed: the portal's API, or the wallet's unlock or sign. */
export type LoginStage = 'api' | 'unlock' | 'sign' | 'authenticate';

/**
 * Names a failure of a sign-in call (access spec §8): no answer from a wallet is "cannot reach
 * the ID wallet", a gateway timeout is "Could not reach the API", the wallet's "invalid
 * password" is invalid credentials (worded for a cloud or an on-premise wallet), a refused
 * authentication is "Could not authenticate.", and 429 is too many attempts.
 */
export function classifyLoginError(
  error: unknown,
  stage: LoginStage,
  cloudWallet: boolean,
): LoginFailure {
  const fail = (kind: LoginFailureKind) => new LoginFailure(kind, { cause: error });
  if (error instanceof LoginFailure) return error;
  const walletCall = stage === 'unlock' || stage === 'sign';
  const status = statusOf(error);
  const code: ErrorCode | null = error instanceof HttpError ? error.code : null;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof NetworkError || /the network is offline/i.test(message)) {
    return fail(walletCall ? 'walletUnreachable' : 'apiUnreachable');
  }
  if (status === 429 || code === 'too_many_requests') return fail('tooManyAttempts');
  if (status === 502 || status === 504) {
    return fail(walletCall && !cloudWallet ? 'walletUnreachable' : 'apiUnreachable');
  }
  if (
    stage === 'unlock' &&
    (code === 'invalid_credentials' || message === 'invalid password' || status === 401)
  ) {
    return fail(cloudWallet ? 'invalidCredentialsCloud' : 'invalidCredentialsOnPremise');
  }
  if (stage === 'authenticate' && (status === 401 || status === 400)) {
    return fail('authenticationFailed');
  }
  return fail('other');
}

/** The translation key of each other failure's message; `other` shows the API's own description. */
export const loginFailureMessageKey: Record<
  Exclude<LoginFailureKind, 'other' | LoginFormFailure>,
  string
> = {
  emailNotFound: 'wallet.email.notFound',
  selectOrganisation: 'wallet.organization.select',
  organisationNotDetermined: 'login.error.organisationNotDetermined',
  invalidCredentialsCloud: 'login.error.invalidCredentialsCloud',
  invalidCredentialsOnPremise: 'login.error.invalidCredentialsOnPremise',
  apiUnreachable: 'login.error.apiUnreachable',
  walletUnreachable: 'login.error.walletUnreachable',
  authenticationFailed: 'login.error.authenticationFailed',
  tooManyAttempts: 'backend.error.too_many_requests',
  loginLinkInvalid: 'login.error.loginLinkInvalid',
};
