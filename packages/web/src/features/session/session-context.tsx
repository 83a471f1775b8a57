import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { languageStorageKey } from '../../i18n/language-preference.ts';
import type { Session, SessionStatus, SessionUser } from './session-user.ts';

const SessionContext = createContext<Session | null>(null);

export interface SessionProviderProps {
  /** The user to start with; sign-in sets it later. Tests pass one to render signed-in views. */
  initialUser?: SessionUser | null;
  children: ReactNode;
}

/** Holds who is signed in. Sign-in itself (wallet, password, 2FA) plugs in through `signIn`. */
export function SessionProvider({ initialUser = null, children }: SessionProviderProps) {
  const [user, setUser] = useState<SessionUser | null>(initialUser);
  const [restoring, setRestoring] = useState(false);

  const session = useMemo<Session>(() => {
    const status: SessionStatus = restoring ? 'restoring' : user ? 'signedIn' : 'signedOut';
    return {
      user,
      status,
      signIn: (next) => {
        setUser(next);
        setRestoring(false);
      },
      logout: () => {
        clearBrowserStorage();
        setUser(null);
      },
      setRestoring,
    };
  }, [user, restoring]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The current session; throws when used outside `SessionProvider`, which is always a bug. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** Access spec §4 "Session": logout clears local and session storage; the language choice stays. */
function clearBrowserStorage() {
  try {
    const language = localStorage.getItem(languageStorageKey);
    localStorage.clear();
    sessionStorage.clear();
    if (language !== null) localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage can be unavailable (privacy modes); there is then nothing to clear.
  }
}
