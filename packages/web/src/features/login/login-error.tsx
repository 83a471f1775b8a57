import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { formMessageText } from '../../ui/form-message.ts';
import { loginFailureMessageKey, type LoginFailure } from './login-failure.ts';
import { isLoginFormFailure, loginFormMessages } from './login-form-messages.ts';

/** The red line under the login form: what failed, in the user's language (access spec §5, §8). */
export function LoginError({ failure }: { failure: LoginFailure }) {
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
