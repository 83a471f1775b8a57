import { failure, json, stubFetch, type Handler } from '../../../test/fake-backend.ts';
import { writeWalletInfo } from '../../session/session-storage.ts';
import type { SessionUser } from '../../session/session-user.ts';

interface Item {
  address: string;
  encryptedPincode: string;
}
const itemsOf = (body: unknown) => (body as { items: Item[] }).items;

/** The wallet's answer when its own session has expired. */
export const walletExpired = () => failure(401, 'wallet_unauthorized');

/**
 * The signed-in user's ID wallet, unlocked (its info in the session's storage) and answering
 * at `/wallet` like the cloud wallet: it signs anything, reseals `x` as `target(x)`, and opens
 * pincodes as six digits. Replace any call with `handlers`.
 */
export function fakeWallet(user: SessionUser, handlers: Partial<Record<WalletCall, Handler>> = {}) {
  writeWalletInfo({
    id: user.id,
    email: user.email,
    type: 'company',
    url: `${location.origin}/wallet`,
    address: user.organizationAddress,
    token: 'wallet-token',
    expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
  });
  const defaults: Record<WalletCall, Handler> = {
    sign: () => json({ signature: '0x5167' }),
    reseal: ({ body }) =>
      json({
        items: itemsOf(body).map(({ address, encryptedPincode }) => ({
          address,
          encryptedPincode: `target(${encryptedPincode})`,
        })),
      }),
    open: ({ body }) =>
      json({
        items: itemsOf(body).map(({ address }, index) => ({
          address,
          pincode: String(482910 + index),
        })),
      }),
    unlock: () =>
      json({
        token: 'wallet-token-2',
        address: user.organizationAddress,
        sealingPublicKey: 'own-key',
        expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
      }),
  };
  const all = { ...defaults, ...handlers };
  return stubFetch({
    'POST /wallet/sign': all.sign,
    'POST /wallet/pincodes/reseal': all.reseal,
    'POST /wallet/pincodes/open': all.open,
    'POST /wallet/unlock': all.unlock,
  });
}

export type WalletCall = 'sign' | 'reseal' | 'open' | 'unlock';
