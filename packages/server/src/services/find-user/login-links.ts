import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** How long a login link stays usable when no other lifetime is given. */
export const loginLinkLifetimeMs = 7 * 24 * 60 * 60_000;

/** 32 random bytes in base64url: what a login link token looks like. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether a text has the shape of a login link token (anything else is bad input). */
export function isLoginLinkToken(value: unknown): value is string {
  return typeof value === 'string' && tokenShape.test(value);
}

/**
 * Issue 9 §3, access spec §4 "Login flow": a new single-use login link for a user. The token
 * (256 random bits) is answered once and never stored; the table keeps its SHA-256, which is
 * enough for a secret that cannot be guessed. Put it in the URL hash: see `loginLinkUrl`.
 */
export async function issueLoginLink(
  knex: Knex | Knex.Transaction,
  userId: number,
  lifetimeMs = loginLinkLifetimeMs,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await knex('login_links').insert({
    token_hash: hashOf(token),
    user_id: userId,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/** The link to send: the portal's login page with the token in the hash (never sent to a server log). */
export function loginLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/login#token=${encodeURIComponent(token)}`;
}

/**
 * Uses a login link: the user it was issued for, or null when the token is unknown, expired or
 * already used. Marking it used and reading it is one statement, so two racing requests cannot
 * both use it.
 */
export async function consumeLoginLink(
  knex: Knex | Knex.Transaction,
  token: string,
): Promise<number | null> {
  if (!isLoginLinkToken(token)) return null;
  const [row] = await knex('login_links')
    .where('token_hash', hashOf(token))
    .whereNull('used_at')
    .where('expires_at', '>', knex.fn.now())
    .update({ used_at: knex.fn.now() })
    .returning('user_id');
  return row ? Number(row.user_id) : null;
}
