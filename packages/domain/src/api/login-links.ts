/**
 * Login links (access spec §4 "Login flow": the URL hash carries who signs in; issue 9 §3: a
 * single-use token, never a user id). An admin of the user's organisation, or support, mails a
 * user a link to the login page with its token in the hash; the page looks the user up by the
 * token (`find-user?token=`) and asks only for the password.
 */

/** `POST login-links`. */
export interface LoginLinkRequest {
  userId: number;
}

/** The answer: to whom it went and until when the link works (the token itself never comes back). */
export interface LoginLinkSent {
  sent: true;
  email: string;
  expiresAt: string;
}

/** The login page's hash `#token=…` (and the spec's legacy `#id=…&token=…`): the token, if any. */
export function loginLinkToken(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
