import { LoginFrame } from './login-frame.tsx';

/** /login: the sign-in screen (access spec §2 "Login screen"). The form plugs into the frame. */
export function LoginPage() {
  return <LoginFrame />;
}
