import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An API key is `scr_<prefix>_<secret>`: 12 hex digits that find the row, then 64 hex digits
 * (256 random bits) that prove it. Only `sha256(salt ‖ secret)` is stored: with that much
 * entropy a slow hash adds nothing but latency to every machine call.
 */
const keyPattern = /^scr_([0-9a-f]{12})_([0-9a-f]{64})$/;

export interface NewApiKey {
  /** The whole key, shown once. */
  key: string;
  prefix: string;
  salt: string;
  secretHash: string;
}

export function generateApiKey(): NewApiKey {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('hex');
  const salt = randomBytes(16).toString('hex');
  return { key: `scr_${prefix}_${secret}`, prefix, salt, secretHash: hashSecret(salt, secret) };
}

/** The prefix and secret of a well-formed key, else null. */
export function parseApiKey(key: unknown): { prefix: string; secret: string } | null {
  const match = typeof key === 'string' ? keyPattern.exec(key.trim()) : null;
  return match ? { prefix: match[1]!, secret: match[2]! } : null;
}

/**
 * Whether a token is an API key (`scr_…`), well-formed or not: an access token is a JWT
 * (`eyJ…`), so a bearer token of this form is a key sent in the wrong scheme.
 */
export function looksLikeApiKey(token: unknown): boolean {
  return typeof token === 'string' && /^scr_/i.test(token.trim());
}

export function hashSecret(salt: string, secret: string): string {
  return createHash('sha256').update(salt, 'hex').update(secret, 'utf8').digest('hex');
}

/** Compares in constant time. */
export function secretMatches(salt: string, secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(salt, secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
