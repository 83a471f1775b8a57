import type { AdminUserView } from '@scr/domain';
import { adminApi } from '../api/admin-api.ts';
import { addWalletUser, checkWalletPassword, walletPasswordRefused } from '../api/wallet-users.ts';

/** The inviting admin's own wallet, when it can wrap the organisation key for the new user. */
export interface InvitingWallet {
  adminId: number;
  walletUrl: string | null;
  adminPassword: string;
  initialPassword: string;
}

export interface InviteOutcome {
  user: AdminUserView;
  /** The keystore was added: the user can sign in with the initial password. */
  walletAdded: boolean;
  /** Adding the keystore failed after the user was made; an admin can retry from the list. */
  walletError: unknown;
}

/**
 * Invites a user (access spec §6; DESIGN §3 "Keys and the ID wallet"): with a wallet, the admin's
 * password is checked first so nothing is made for nothing; then the user is made; then the
 * admin's wallet wraps the organisation key under the new user's initial password.
 */
export async function inviteUser(
  body: Record<string, unknown>,
  wallet: InvitingWallet | null,
): Promise<InviteOutcome> {
  if (wallet) {
    const admin = {
      id: wallet.adminId,
      walletUrl: wallet.walletUrl,
      password: wallet.adminPassword,
    };
    await checkWalletPassword(admin).catch((error: unknown) => {
      throw walletPasswordRefused(error);
    });
  }
  const user = await adminApi.users.create(body);
  if (!wallet) return { user, walletAdded: false, walletError: null };
  try {
    await addWalletUser(
      { id: wallet.adminId, walletUrl: wallet.walletUrl, password: wallet.adminPassword },
      { userId: user.id, password: wallet.initialPassword, type: user.isAdmin ? 'admin' : 'user' },
    );
    return { user, walletAdded: true, walletError: null };
  } catch (error) {
    return { user, walletAdded: false, walletError: error };
  }
}
