/**
 * When a JWT expires, in milliseconds since the epoch, read from its payload's `exp`; null when
 * the token is not a JWT. The browser only reads it to time refreshes; the server verifies it.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Access spec §4 and §9: the token is refreshed when less than 30 seconds remain. */
export const refreshThresholdMs = 30_000;
