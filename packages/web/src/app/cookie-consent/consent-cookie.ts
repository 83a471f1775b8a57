/** Access spec §3: the consent choice lives in the cookie `cookieAccepted`. */
export const consentCookieName = 'cookieAccepted';

const oneYearInSeconds = 365 * 24 * 60 * 60;

/** true after OK, false after Decline, null while the visitor has not decided. */
export type CookieConsent = boolean | null;

/** Reads the choice from a `document.cookie` string. */
export function readConsent(cookies: string): CookieConsent {
  for (const pair of cookies.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name !== consentCookieName) continue;
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return null;
}

/** The `Set-Cookie`-style string that remembers the choice for a year on the whole site. */
export function consentCookie(accepted: boolean, secure: boolean): string {
  const parts = [
    `${consentCookieName}=${accepted}`,
    `max-age=${oneYearInSeconds}`,
    'path=/',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Remembers the choice in this browser. */
export function writeConsent(accepted: boolean, doc: Document = document): void {
  doc.cookie = consentCookie(accepted, doc.location?.protocol === 'https:');
}
