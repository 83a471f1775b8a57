/** A JWT's payload, or null when the token is not a JWT. */
function payloadOf(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const seconds = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value * 1000 : null;

/**
 * When a JWT expires, in milliseconds since the epoch, read from its payload's `exp`; null when
 * the token is not a JWT. The browser only reads it to time refreshes; the server verifies it.
 */
export function tokenExpiresAt(token: string): number | null {
  return seconds(payloadOf(token)?.exp);
}

/**
 * When a token just received from the server expires by this browser's clock: as long after
 * `receivedAt` as the server made it last (`exp` − `iat`), so that a clock set wrong neither
 * ends a session early nor refreshes without pause; its `exp` when it carries no `iat`.
 */
export function receivedTokenExpiresAt(token: string, receivedAt: number): number | null {
  const payload = payloadOf(token);
  const expiresAt = seconds(payload?.exp);
  const issuedAt = seconds(payload?.iat);
  if (expiresAt === null || issuedAt === null) return expiresAt;
  return receivedAt + Math.max(0, expiresAt - issuedAt);
}

/** Access spec §4 and §9: the token is refreshed when less than 30 seconds remain. */
export const refreshThresholdMs = 30_000;
