import { emailInvalid, required, type FormMessage } from '@scr/domain';
import type { LoginFailureKind } from './login-failure.ts';

/*
 * Apart from login-failure.ts, which the sign-in itself needs: the generic form messages come
 * with the red line's code (login-error.tsx), not in the login page's first download.
 */

/** Access spec §5: the form's own problems, said with the generic form messages. */
export const loginFormMessages = {
  emailRequired: required('email'),
  emailInvalid: emailInvalid(),
  passwordRequired: required('password'),
} as const satisfies Partial<Record<LoginFailureKind, FormMessage>>;
export type LoginFormFailure = keyof typeof loginFormMessages;

/** Whether a failure is one of the form's own (`loginFormMessages`). */
export const isLoginFormFailure = (kind: LoginFailureKind): kind is LoginFormFailure =>
  Object.hasOwn(loginFormMessages, kind);
