import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../features/session/session-context.tsx';
import { SessionSpinner } from '../../features/session/session-spinner.tsx';
import { useLogout } from '../../features/session/use-logout.ts';

/**
 * /logout (access spec §2 "Routes"; §4 "Session": logout revokes the token, clears local and
 * session storage and shows the "Logged out" page). A link or a typed address signs out as the
 * profile menu does; someone already signed out just sees the logged-out page.
 */
export function LogoutRoute() {
  const { status } = useSession();
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (status !== 'signedIn' || started.current) return;
    started.current = true;
    void logout();
  }, [status, logout]);
  if (status === 'signedOut') return <Navigate to="/logged-out" replace />;
  return <SessionSpinner />;
}
