import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loadingPathFor } from './forward.ts';
import { gateFor, twoFactorPath } from './gates.ts';
import { useSession } from './session-context.tsx';
import { SessionSpinner } from './session-spinner.tsx';

// Issue 15: the gates' screens are downloaded only by those who meet them.
const EulaDialog = lazy(() =>
  import('../gates/eula-dialog.tsx').then((loaded) => ({ default: loaded.EulaDialog })),
);
const TermsDialog = lazy(() =>
  import('../gates/terms-dialog.tsx').then((loaded) => ({ default: loaded.TermsDialog })),
);
const SubscriptionExpiredPage = lazy(() =>
  import('../gates/subscription-expired-page.tsx').then((loaded) => ({
    default: loaded.SubscriptionExpiredPage,
  })),
);

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
      return (
        <Suspense fallback={<SessionSpinner />}>
          <EulaDialog eula={gate.eula} />
        </Suspense>
      );
    case 'terms':
      return (
        <Suspense fallback={<SessionSpinner />}>
          <TermsDialog />
        </Suspense>
      );
    case 'subscription':
      return (
        <Suspense fallback={<SessionSpinner />}>
          <SubscriptionExpiredPage notice={gate.notice} />
        </Suspense>
      );
    case 'redirect':
      return <Navigate to={gate.to} replace />;
  }
}
