import {
  usesCloudWallet,
  type SealedPincode,
  type WalletItemResult,
  type WalletUnlockAnswer,
} from '@scr/domain';
import { requestJson } from './http.ts';

/**
 * The base URL of an organisation's ID wallet: the cloud wallet at `/wallet` on the portal's
 * own origin, or the on-premise wallet the organisation registered (DESIGN §3).
 */
export function walletBaseUrl(walletUrl: string | null, origin = globalThis.location.origin) {
  if (usesCloudWallet(walletUrl)) return `${origin}/wallet`;
  return (walletUrl ?? '').replace(/\/+$/, '');
}

/** `POST {wallet}/unlock`: opens the user's keystore with their password. */
export function unlockWallet(baseUrl: string, userId: number, password: string) {
  return requestJson<WalletUnlockAnswer>(`${baseUrl}/unlock`, {
    method: 'POST',
    body: { userId: String(userId), password },
  });
}

/** `POST {wallet}/sign`: an EIP-191 signature of the message by the organisation's key. */
export async function signWithWallet(baseUrl: string, token: string, message: string) {
  const answer = await requestJson<{ signature: string }>(`${baseUrl}/sign`, {
    method: 'POST',
    body: { message },
    token,
  });
  return answer.signature;
}

/**
 * `POST {wallet}/sign {message, as: "user"}`: a sign-in message signed by the user's personal
 * key, the only key the portal accepts a sign-in from (DESIGN §3 "Signing in", step 4).
 */
export async function signInWithPersonalKey(baseUrl: string, token: string, message: string) {
  const answer = await requestJson<{ signature: string }>(`${baseUrl}/sign`, {
    method: 'POST',
    body: { message, as: 'user' },
    token,
  });
  return answer.signature;
}

/** `POST {wallet}/lock`: wipes the unlocked key from the wallet's memory. */
export async function lockWallet(baseUrl: string, token: string): Promise<void> {
  await requestJson(`${baseUrl}/lock`, { method: 'POST', body: {}, token });
}

/**
 * `POST {wallet}/pincodes/reseal`: opens each pincode with the organisation's key and seals it
 * to the target organisation's public sealing key (DESIGN §3 "Pincodes, end to end").
 */
export async function resealPincodes(
  baseUrl: string,
  token: string,
  targetPublicKey: string,
  items: readonly SealedPincode[],
) {
  const answer = await requestJson<{ items: WalletItemResult<{ encryptedPincode: string }>[] }>(
    `${baseUrl}/pincodes/reseal`,
    { method: 'POST', body: { targetPublicKey, items }, token },
  );
  return answer.items;
}

/** `POST {wallet}/pincodes/open`: the pincodes in clear, for the person who fetched them. */
export async function openPincodes(
  baseUrl: string,
  token: string,
  items: readonly SealedPincode[],
) {
  const answer = await requestJson<{ items: WalletItemResult<{ pincode: string }>[] }>(
    `${baseUrl}/pincodes/open`,
    { method: 'POST', body: { items }, token },
  );
  return answer.items;
}
