import {
  isEmailAddress,
  normaliseEmail,
  organisationOptions,
  preselectedOrganisation,
  usesCloudWallet,
  type FindUserResult,
  type FoundUser,
  type OrganisationOption,
} from '@scr/domain';
import {
  authenticateWithWallet,
  createChallenge,
  findUserByEmail,
  findUserByLoginLink,
  type Authentication,
} from '../../api/auth.ts';
import {
  lockWallet,
  signInWithPersonalKey,
  unlockWallet,
  walletBaseUrl,
} from '../../api/wallet-client.ts';
import type { WalletInfo } from '../session/session-user.ts';
import { classifyLoginError, LoginFailure, type LoginStage } from './login-failure.ts';

/** The calls a sign-in makes (DESIGN §3 "Signing in"), replaceable in tests. */
export const loginApi = {
  findUserByEmail,
  findUserByLoginLink,
  unlockWallet,
  createChallenge,
  signInWithPersonalKey,
  authenticateWithWallet,
  lockWallet,
};

export interface EmailLookup {
  email: string;
  result: FindUserResult;
  /** Sorted by name, case-insensitively (access spec §5). */
  options: OrganisationOption[];
  /** The organisation chosen for the user, when the rules of §4 allow it. */
  preselected: string | null;
}

/** Step 1: the users behind an e-mail (lowercased and trimmed first, access spec §5). */
export async function lookUpEmail(input: string): Promise<EmailLookup> {
  const email = normaliseEmail(input);
  if (!email) throw new LoginFailure('emailRequired');
  if (!isEmailAddress(email)) throw new LoginFailure('emailInvalid');
  let result: FindUserResult;
  try {
    result = await loginApi.findUserByEmail(email);
  } catch (error) {
    throw classifyLoginError(error, 'api', true);
  }
  if (!result || result.total === 0 || result.data.length === 0) {
    throw new LoginFailure('emailNotFound');
  }
  return {
    email,
    result,
    options: organisationOptions(result),
    preselected: preselectedOrganisation(result),
  };
}

/**
 * Access spec §4 "Login flow" step 1: the URL hash carries a login link (issue 9 §3: a
 * single-use token, not an id); its one user is looked up and its organisation chosen, so only
 * the password is asked. A used, expired or unknown link answers no user.
 */
export async function lookUpLoginLink(token: string): Promise<EmailLookup> {
  let result: FindUserResult;
  try {
    result = await loginApi.findUserByLoginLink(token);
  } catch (error) {
    throw classifyLoginError(error, 'api', true);
  }
  const user = result?.data?.[0];
  if (!user) throw new LoginFailure('loginLinkInvalid');
  return {
    email: user.email,
    result,
    options: organisationOptions(result),
    preselected: user.organization.address,
  };
}

export interface WalletSignIn {
  authentication: Authentication;
  wallet: WalletInfo;
}

/**
 * Steps 2 to 5 of DESIGN §3: unlock the organisation's wallet with the password, have the user's
 * personal key sign the server's challenge for its own address, and exchange the signature for
 * an access token. A wallet unlocked on the way is locked again when a later step fails.
 */
export async function signInWithWallet(user: FoundUser, password: string): Promise<WalletSignIn> {
  const cloud = usesCloudWallet(user.organization.walletUrl);
  const url = walletBaseUrl(user.organization.walletUrl);
  let stage: LoginStage = 'unlock';
  let walletToken: string | null = null;
  try {
    const unlocked = await loginApi.unlockWallet(url, user.id, password);
    walletToken = unlocked.token;
    stage = 'api';
    const message = await loginApi.createChallenge(unlocked.userAddress);
    stage = 'sign';
    const signature = await loginApi.signInWithPersonalKey(url, unlocked.token, message);
    stage = 'authenticate';
    const authentication = await loginApi.authenticateWithWallet({
      userId: user.id,
      message,
      signature,
    });
    if (!authentication) throw new LoginFailure('authenticationFailed');
    const wallet: WalletInfo = {
      id: user.id,
      email: user.email,
      type: 'company',
      url,
      address: unlocked.address,
      token: unlocked.token,
      expiresAt: unlocked.expiresAt,
    };
    return { authentication, wallet };
  } catch (error) {
    if (walletToken) void loginApi.lockWallet(url, walletToken).catch(() => undefined);
    throw classifyLoginError(error, stage, cloud);
  }
}
