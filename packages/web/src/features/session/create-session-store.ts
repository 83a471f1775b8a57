import { reAuthenticate, revokeAccessToken } from '../../api/auth.ts';
import {
  connectRealtime,
  disconnectRealtime,
  refreshRealtime,
} from '../../api/realtime-session.ts';
import { lockWallet } from '../../api/wallet-client.ts';
import { pageNavigation } from '../../ui/page-navigation.ts';
import { SessionStore, type SessionDeps } from './session-store.ts';

/** The browser's session: the real API, wallet, socket, storage and clock. */
export function createSessionStore(overrides: Partial<SessionDeps> = {}): SessionStore {
  return new SessionStore({
    reAuthenticate,
    revokeAccessToken,
    lockWallet,
    connectRealtime,
    refreshRealtime,
    disconnectRealtime,
    redirect: (url) => pageNavigation.assign(url),
    local: localStorage,
    session: sessionStorage,
    now: () => Date.now(),
    ...overrides,
  });
}
