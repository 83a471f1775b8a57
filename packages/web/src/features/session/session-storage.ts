import { languageStorageKey } from '../../i18n/language-preference.ts';
import { isSessionUser, type SessionUser, type WalletInfo } from './session-user.ts';

/** The localStorage key of the signed-in session: token, user, two-factor state. */
export const sessionStorageKey = 'scr.session';
/**
 * The sessionStorage key of the unlocked wallet (access spec §3 "Wallet info"). Its token unlocks
 * the organisation's key, so it stays with the tab and never reaches localStorage (issue 9 §5): a
 * new tab or a restarted browser unlocks the wallet again when it needs it.
 */
export const walletStorageKey = 'scr.wallet';

export interface StoredSession {
  accessToken: string;
  user: SessionUser;
  /** The token reaches only the two-factor endpoints until the code is validated. */
  twoFactorPending: boolean;
}

export function readStoredSession(storage: Storage = localStorage): StoredSession | null {
  const value = readJson(storage, sessionStorageKey) as Partial<StoredSession> | null;
  if (!value || typeof value.accessToken !== 'string' || !isSessionUser(value.user)) return null;
  return {
    accessToken: value.accessToken,
    user: value.user,
    twoFactorPending: value.twoFactorPending === true,
  };
}

export function writeStoredSession(session: StoredSession, storage: Storage = localStorage) {
  writeJson(storage, sessionStorageKey, session);
}

export function readWalletInfo(storage: Storage = sessionStorage): WalletInfo | null {
  const value = readJson(storage, walletStorageKey) as Partial<WalletInfo> | null;
  if (!value || typeof value.url !== 'string' || typeof value.token !== 'string') return null;
  return value as WalletInfo;
}

export function writeWalletInfo(wallet: WalletInfo, storage: Storage = sessionStorage) {
  writeJson(storage, walletStorageKey, wallet);
}

/** Removes wallet info an earlier version of the app kept in localStorage. */
export function forgetLegacyWalletInfo(local: Storage = localStorage) {
  try {
    local.removeItem(walletStorageKey);
  } catch {
    // Storage can be unavailable (privacy modes); there is then nothing to remove.
  }
}

/**
 * Access spec §4 "Session": logout and "Use another email address" clear local and session
 * storage; the language choice stays, since it belongs to the browser, not the session.
 */
export function clearBrowserStorage(
  local: Storage = localStorage,
  session: Storage = sessionStorage,
) {
  try {
    const language = local.getItem(languageStorageKey);
    local.clear();
    session.clear();
    if (language !== null) local.setItem(languageStorageKey, language);
  } catch {
    // Storage can be unavailable (privacy modes); there is then nothing to clear.
  }
}

function readJson(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage only costs the session surviving a reload.
  }
}
