import {
  createContext,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { languages } from '@scr/domain';
import { readStoredLanguage } from '../../i18n/language-preference.ts';
import { onDemand } from '../../ui/on-demand.tsx';
import type { SessionState, SessionStore } from './session-store.ts';

/** The alert's code (MUI's Dialog and modal) arrives when a session first expires. */
export const SessionExpiredDialog = onDemand(
  async () => (await import('./session-expired-dialog.tsx')).SessionExpiredDialog,
);

const StoreContext = createContext<SessionStore | null>(null);

export interface SessionProviderProps {
  store: SessionStore;
  children: ReactNode;
}

/**
 * Puts the session store in reach of every page, shows the one session-expired alert, and
 * applies the user's preferred language unless this browser has an explicit choice.
 */
export function SessionProvider({ store, children }: SessionProviderProps) {
  const { i18n } = useTranslation();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const preferred = state.user?.preferredLanguage ?? null;
  // Mounted from the first expiry on, so that closing the alert plays its transition.
  const [wanted, setWanted] = useState(state.expired);
  if (state.expired && !wanted) setWanted(true);

  useEffect(() => {
    if (preferred && languages.includes(preferred) && !readStoredLanguage()) {
      void i18n.changeLanguage(preferred);
    }
  }, [preferred, i18n]);

  return (
    <StoreContext.Provider value={store}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <SessionExpiredDialog open={state.expired} onClose={() => store.closeExpiredAlert()} />
        </Suspense>
      ) : null}
    </StoreContext.Provider>
  );
}

export interface Session extends SessionState {
  store: SessionStore;
  /** Logs out (access spec §4); the caller shows the logged-out page. */
  logout: () => Promise<void>;
}

/** The current session; throws when used outside `SessionProvider`, which is always a bug. */
export function useSession(): Session {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useSession must be used inside SessionProvider');
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return useMemo(() => ({ ...state, store, logout: () => store.logout() }), [state, store]);
}
