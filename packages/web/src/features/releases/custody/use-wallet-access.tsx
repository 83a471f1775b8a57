import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { statusOf } from '../../../api/http.ts';
import {
  openPincodes,
  resealPincodes,
  signWithWallet,
  unlockWallet,
  walletBaseUrl,
} from '../../../api/wallet-client.ts';
import { useSession } from '../../session/session-context.tsx';
import type { WalletInfo } from '../../session/session-user.ts';
import type { CustodyWallet } from './custody-flow.ts';
import { WalletPasswordDialog } from './wallet-password-dialog.tsx';

/** The person closed the password prompt: the wallet stays locked and the action stops. */
export class WalletLockedError extends Error {
  override readonly name = 'WalletLockedError';
  constructor() {
    super('the ID wallet stayed locked');
  }
}

/** The unlock answers that mean "ask again": a wrong password, or too many tries for now. */
const askAgainStatuses = new Set([401, 429]);

/**
 * The ID wallet unlocked at sign-in, for custody actions. When the wallet answers 401 (its own
 * session expired) the person is asked for their password, the wallet is unlocked again, the
 * session keeps the new token, and the call is made once more. Render `prompt`.
 */
export function useWalletAccess(): { wallet: CustodyWallet; prompt: ReactNode } {
  const { t } = useTranslation();
  const { user, store } = useSession();
  const [asking, setAsking] = useState<{ error: string | null } | null>(null);
  const reply = useRef<((password: string | null) => void) | null>(null);

  const askPassword = (error: string | null) =>
    new Promise<string | null>((resolve) => {
      reply.current = resolve;
      setAsking({ error });
    });
  const answer = (password: string | null) => {
    setAsking(null);
    reply.current?.(password);
    reply.current = null;
  };

  const unlockAgain = async (): Promise<WalletInfo> => {
    if (!user) throw new WalletLockedError();
    const url = store.wallet()?.url ?? walletBaseUrl(user.organization.walletUrl);
    let error: string | null = null;
    for (;;) {
      const password = await askPassword(error);
      if (password === null) throw new WalletLockedError();
      try {
        const unlocked = await unlockWallet(url, user.id, password);
        const info: WalletInfo = {
          id: user.id,
          email: user.email,
          type: 'company',
          url,
          address: unlocked.address,
          token: unlocked.token,
          expiresAt: unlocked.expiresAt,
        };
        store.updateWallet(info);
        return info;
      } catch (failure) {
        if (!askAgainStatuses.has(statusOf(failure) ?? 0)) throw failure;
        error = describeApiError(failure, t);
      }
    }
  };

  const withWallet = async <T,>(call: (url: string, token: string) => Promise<T>): Promise<T> => {
    const wallet = store.wallet() ?? (await unlockAgain());
    try {
      return await call(wallet.url, wallet.token);
    } catch (failure) {
      if (statusOf(failure) !== 401) throw failure;
      const unlocked = await unlockAgain();
      return call(unlocked.url, unlocked.token);
    }
  };

  const wallet: CustodyWallet = {
    sign: (message) => withWallet((url, token) => signWithWallet(url, token, message)),
    reseal: (key, items) => withWallet((url, token) => resealPincodes(url, token, key, items)),
    open: (items) => withWallet((url, token) => openPincodes(url, token, items)),
  };
  const prompt = (
    <WalletPasswordDialog
      open={asking !== null}
      error={asking?.error ?? null}
      onSubmit={(password) => answer(password)}
      onCancel={() => answer(null)}
    />
  );
  return { wallet, prompt };
}
