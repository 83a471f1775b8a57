import { Navigate, Outlet, useLocation } from 'react-router';
import { loadingPathFor } from './forward.ts';
import { useSession } from './session-context.tsx';
import { SessionSpinner } from './session-spinner.tsx';

/**
 * Guards the protected routes (access spec §2): a visitor who is not signed in goes to
 * /loading?fwd={original path and query}, which sends them on to sign in.
 */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <SessionSpinner />;
  if (status === 'signedOut') return <Navigate to={loadingPathFor(location)} replace />;
  return <Outlet />;
}
