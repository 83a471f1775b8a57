import { Navigate, useSearchParams } from 'react-router';
import { defaultForward, loginPathFor, safeForward } from './forward.ts';
import { useSession } from './session-context.tsx';
import { SessionSpinner } from './session-spinner.tsx';

/**
 * /loading (access spec §2): once the session is known, a signed-in visitor continues to `fwd`
 * (or the releases), anyone else goes to sign in with `fwd` kept for afterwards.
 */
export function LoadingPage() {
  const { status } = useSession();
  const [params] = useSearchParams();
  const fwd = safeForward(params.get('fwd'));

  if (status === 'restoring') return <SessionSpinner />;
  if (status === 'signedIn') return <Navigate to={fwd ?? defaultForward} replace />;
  return <Navigate to={loginPathFor(fwd)} replace />;
}
