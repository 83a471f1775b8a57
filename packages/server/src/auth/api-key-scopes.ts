/**
 * What a machine's API key may do (DESIGN §4): the one list of scopes. Services that accept API
 * keys name one of these in `requireScope`; the admin section offers exactly these.
 */
export const apiKeyScopes = [
  /** A carrier's system reads its releases. */
  'releases:read',
  /** A carrier's system creates, edits and removes its releases. */
  'releases:write',
  /** A terminal's gate checks identities and reports gate-outs. */
  'gate:write',
  /** A port's system posts port status ("green lights") events. */
  'port-status:write',
] as const;

export type ApiKeyScope = (typeof apiKeyScopes)[number];

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (apiKeyScopes as readonly string[]).includes(value);
}
