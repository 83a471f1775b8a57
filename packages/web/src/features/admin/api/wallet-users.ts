import { usesCloudWallet } from '@scr/domain';
import { requestJson } from '../../../api/http.ts';
import { adminApi } from './admin-api.ts';
import { lockWallet, unlockWallet, walletBaseUrl } from '../../../api/wallet-client.ts';

/** A new wallet user: the organisation key wrapped under the user's initial password. */
export interface NewWalletUser {
  userId: number;
  password: string;
  type: 'admin' | 'user';
}

/**
 * DESIGN §3 "Keys and the ID wallet": only an unlocked admin wallet can wrap the organisation key
 * for another user. Unlocks the admin's own wallet with their password, asks it to add the user
 * (`POST {wallet}/users`, which also makes the user's personal sign-in key), and locks it again
 * whatever happens. Works for the cloud wallet and an on-premise one alike, since both speak the
 * same contract; the cloud wallet records the new sign-in address itself, an on-premise one's is
 * registered with the portal here.
 */
export async function addWalletUser(
  admin: { id: number; walletUrl: string | null; password: string },
  user: NewWalletUser,
): Promise<void> {
  const base = walletBaseUrl(admin.walletUrl);
  const unlocked = await unlockWallet(base, admin.id, admin.password);
  try {
    const added = await requestJson<{ userId: string; userAddress: string }>(`${base}/users`, {
      method: 'POST',
      token: unlocked.token,
      body: { userId: String(user.userId), password: user.password, type: user.type },
    });
    if (!usesCloudWallet(admin.walletUrl)) {
      await adminApi.users.patch(user.userId, { signInAddress: added.userAddress });
    }
  } finally {
    await lockWallet(base, unlocked.token).catch(() => undefined);
  }
}

/** Unlocks and locks at once: checks the admin's own wallet password before anything changes. */
export async function checkWalletPassword(admin: {
  id: number;
  walletUrl: string | null;
  password: string;
}): Promise<void> {
  const base = walletBaseUrl(admin.walletUrl);
  const unlocked = await unlockWallet(base, admin.id, admin.password);
  await lockWallet(base, unlocked.token).catch(() => undefined);
}
