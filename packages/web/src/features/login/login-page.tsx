import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { describeApiError } from '../../api/errors.ts';
import { defaultForward, safeForward } from '../session/forward.ts';
import { useSession } from '../session/session-context.tsx';
import { SessionSpinner } from '../session/session-spinner.tsx';
import { LoginForm } from './login-form.tsx';
import { formMessageText } from '../../ui/form-message.ts';
import {
  isLoginFormFailure,
  loginFailureMessageKey,
  loginFormMessages,
  type LoginFailure,
} from './login-failure.ts';
import { LoginFrame } from './login-frame.tsx';
import { useWalletLogin } from './use-wallet-login.ts';

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
      error={login.failure ? <LoginError failure={login.failure} /> : null}
    />
  );
}

function LoginError({ failure }: { failure: LoginFailure }) {
  const { t } = useTranslation();
  const { kind } = failure;
  const text =
    kind === 'other'
      ? describeApiError(failure.cause, t)
      : isLoginFormFailure(kind)
        ? formMessageText(t, loginFormMessages[kind])
        : t(loginFailureMessageKey[kind]);
  return (
    <span data-testid="login-error" data-kind={failure.kind}>
      {text}
    </span>
  );
}
