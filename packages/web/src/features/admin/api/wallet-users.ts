import { usesCloudWallet, type CreatedMachineWalletUser } from '@scr/domain';
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
  const added = await withAdminWallet(admin, (base, token) =>
    requestJson<{ userId: string; userAddress: string }>(`${base}/users`, {
      method: 'POST',
      token,
      body: { userId: String(user.userId), password: user.password, type: user.type },
    }),
  );
  if (!usesCloudWallet(admin.walletUrl)) {
    await adminApi.users.patch(user.userId, { signInAddress: added.userAddress });
  }
}

/**
 * Access spec §2 "Forgot password?": the admin's unlocked cloud wallet wraps the organisation
 * key under a new password for a user who forgot theirs (`POST {wallet}/users/password`, a new
 * personal sign-in key too, which the cloud wallet records with the portal; the user's sessions
 * end). The admin passes the new password on; the portal e-mails a sign-in link.
 */
export async function resetWalletPassword(
  admin: { id: number; walletUrl: string | null; password: string },
  user: { userId: number; password: string },
): Promise<void> {
  await withAdminWallet(admin, (base, token) =>
    requestJson(`${base}/users/password`, {
      method: 'POST',
      token,
      body: { userId: String(user.userId), password: user.password },
    }),
  );
  await adminApi.loginLinks.create({ userId: user.userId });
}

/** A failed unlock of the admin's own wallet, shown under its password field. */
export function walletPasswordRefused(cause: unknown) {
  const code = (cause as { code?: unknown }).code;
  return Object.assign(new Error('the wallet password was refused', { cause }), {
    data: {
      code: typeof code === 'string' ? code : 'invalid_credentials',
      fields: { adminPassword: 'validation.walletPassword' },
    },
  });
}

/**
 * README "The API for systems": a system's own wallet user in the cloud wallet, for one of the
 * organisation's API keys. The admin's own wallet, unlocked with their password, wraps the
 * organisation key under a secret the portal makes (`POST /api/machine-wallet-users` with the
 * wallet's token), and is locked again whatever happens. Answers it with its secret, this once.
 */
export async function createMachineWalletUser(
  admin: { id: number; walletUrl: string | null; password: string },
  machine: { name: string; apiKeyId: number },
): Promise<CreatedMachineWalletUser> {
  const base = walletBaseUrl(admin.walletUrl);
  const unlocked = await unlockWallet(base, admin.id, admin.password).catch((error: unknown) => {
    throw walletPasswordRefused(error);
  });
  try {
    return await adminApi.machineWalletUsers.create({ ...machine, walletToken: unlocked.token });
  } finally {
    await lockWallet(base, unlocked.token).catch(() => undefined);
  }
}

/** Unlocks the admin's own wallet, does `work` with it, and locks it again whatever happens. */
async function withAdminWallet<T>(
  admin: { id: number; walletUrl: string | null; password: string },
  work: (base: string, token: string) => Promise<T>,
): Promise<T> {
  const base = walletBaseUrl(admin.walletUrl);
  const unlocked = await unlockWallet(base, admin.id, admin.password);
  try {
    return await work(base, unlocked.token);
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
  await withAdminWallet(admin, async () => undefined);
}
