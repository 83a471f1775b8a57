import { Navigate, Outlet, useLocation } from 'react-router';
import { EulaDialog } from '../gates/eula-dialog.tsx';
import { SubscriptionExpiredPage } from '../gates/subscription-expired-page.tsx';
import { TermsDialog } from '../gates/terms-dialog.tsx';
import { loadingPathFor } from './forward.ts';
import { gateFor, twoFactorPath } from './gates.ts';
import { useSession } from './session-context.tsx';
import { SessionSpinner } from './session-spinner.tsx';

/**
 * Guards the protected routes (access spec §2): a visitor who is not signed in goes to
 * /loading?fwd={original path and query}; a signed-in user passes the gates of §4 first
 * (two-factor, EULA, terms, subscription, terminal rule).
 */
export function RequireAuth() {
  const { status, user, twoFactorPending } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <SessionSpinner />;
  if (status === 'signedOut' || !user) return <Navigate to={loadingPathFor(location)} replace />;

  const gate = gateFor({ user, twoFactorPending }, location);
  switch (gate?.kind) {
    case undefined:
      return <Outlet />;
    case 'twoFactor': {
      const fwd = encodeURIComponent(location.pathname + location.search);
      return <Navigate to={`${twoFactorPath}?fwd=${fwd}`} replace />;
    }
    case 'eula':
      return <EulaDialog eula={gate.eula} />;
    case 'terms':
      return <TermsDialog />;
    case 'subscription':
      return <SubscriptionExpiredPage notice={gate.notice} />;
    case 'redirect':
      return <Navigate to={gate.to} replace />;
  }
}
