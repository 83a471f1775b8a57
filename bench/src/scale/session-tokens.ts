import { createHmac, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/** How the server under measurement signs its access tokens (`auth/authentication.ts`). */
export interface TokenSigning {
  /** AUTH_SECRET, which the bench gave the server. */
  secret: string;
  /** The audience: the server's PUBLIC_URL. */
  audience: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Access tokens as signing in would give them, without the sign-in: one fresh session row per
 * user id given (second factor done), and its token, an HS256 JWT with the session's `sid` as
 * Feathers signs it (header `typ: access`, issuer `secure-container-release`, 15 minutes). The
 * server checks them as any other: a change of token format shows as a refused socket sign-in.
 */
export async function sessionTokens(
  db: Knex,
  signing: TokenSigning,
  userIds: readonly number[],
): Promise<string[]> {
  const sessions = userIds.map((userId) => ({
    id: randomUUID(),
    user_id: userId,
    two_factor_validated_at: new Date(),
  }));
  for (let i = 0; i < sessions.length; i += 1000) {
    await db('auth_sessions').insert(sessions.slice(i, i + 1000));
  }
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'access' }));
  const now = Math.floor(Date.now() / 1000);
  return sessions.map((session) => {
    const payload = base64url(
      JSON.stringify({
        sid: session.id,
        iat: now,
        exp: now + 15 * 60,
        aud: signing.audience,
        iss: 'secure-container-release',
        sub: String(session.user_id),
        jti: randomUUID(),
      }),
    );
    const signature = createHmac('sha256', signing.secret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    return `${header}.${payload}.${signature}`;
  });
}
