import { Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { onDemand } from '../../ui/on-demand.tsx';
import { defaultForward, safeForward } from '../session/forward.ts';
import { useSession } from '../session/session-context.tsx';
import { SessionSpinner } from '../session/session-spinner.tsx';
import { LoginForm } from './login-form.tsx';
import { LoginFrame } from './login-frame.tsx';
import { useWalletLogin } from './use-wallet-login.ts';

/**
 * The red line's words, fetched with the first failure: the forms' generic messages it may say
 * bring their tables with them, which the login page's first download (bench/README.md, "The
 * web app in Chromium") does not need.
 */
export const LoginError = onDemand(async () => (await import('./login-error.tsx')).LoginError);

/**
 * /login: the sign-in screen (access spec §2 "Login screen"). After signing in the user goes to
 * `fwd` from the query, else to the releases.
 */
export function LoginPage() {
  const { status } = useSession();
  const [params] = useSearchParams();
  const forward = safeForward(params.get('fwd'));
  if (status === 'restoring') return <SessionSpinner />;
  if (status === 'signedIn') return <Navigate to={forward ?? defaultForward} replace />;
  return <SignIn />;
}

function SignIn() {
  const login = useWalletLogin();
  return (
    <LoginFrame
      form={<LoginForm login={login} />}
      error={
        login.failure ? (
          <Suspense fallback={null}>
            <LoginError failure={login.failure} />
          </Suspense>
        ) : null
      }
    />
  );
}
