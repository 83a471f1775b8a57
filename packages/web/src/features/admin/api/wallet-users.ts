import { requestJson } from '../../../api/http.ts';
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
 * (`POST {wallet}/users`), and locks it again whatever happens. Works for the cloud wallet and an
 * on-premise one alike, since both speak the same contract.
 */
export async function addWalletUser(
  admin: { id: number; walletUrl: string | null; password: string },
  user: NewWalletUser,
): Promise<void> {
  const base = walletBaseUrl(admin.walletUrl);
  const unlocked = await unlockWallet(base, admin.id, admin.password);
  try {
    await requestJson(`${base}/users`, {
      method: 'POST',
      token: unlocked.token,
      body: { userId: String(user.userId), password: user.password, type: user.type },
    });
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
