import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { WalletUserType } from './sessions.ts';

/**
 * A wallet token is `<id>.<secret>` (issue 42 item 1, DESIGN §2 "Scale out"): the id names where
 * the unlocked wallet is kept (hashed, so the store's keys do not hold it either), the secret is
 * the HKDF input of the key it is wrapped under (AES-256-GCM). Only the client holds the secret,
 * so a dump of the database and of Redis opens nothing; any instance given the token opens the
 * keys, uses them for one call and forgets them.
 */
export interface WalletToken {
  token: string;
  id: Buffer;
  secret: Buffer;
}

/** What an unlocked wallet holds, wrapped under its token's secret. */
export interface UnlockedKeys {
  userId: string;
  type: WalletUserType;
  /** The organisation's private key, 0x-prefixed hex. */
  privateKey: string;
  /** The user's personal sign-in key, 0x-prefixed hex. */
  userPrivateKey: string;
  /** The addresses of the two keys (EIP-55), so that a call needs no key to know them. */
  address: string;
  userAddress: string;
  /** When the wallet locks itself, ms since the epoch. */
  expiresAt: number;
}

const idBytes = 16;
const secretBytes = 32;
const shape = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const wrapInfo = Buffer.from('scr/wallet-token/wrap/v1');
const keyContext = 'scr/wallet-token/id/v1:';
const format = 'w1';

/** A fresh token: 128 random bits of id, 256 of secret. */
export function newWalletToken(): WalletToken {
  const id = randomBytes(idBytes);
  const secret = randomBytes(secretBytes);
  return { token: `${id.toString('base64url')}.${secret.toString('base64url')}`, id, secret };
}

/** The token's parts, or null for anything not spelled exactly as `newWalletToken` spells it. */
export function parseWalletToken(token: unknown): WalletToken | null {
  if (typeof token !== 'string') return null;
  const match = shape.exec(token);
  if (!match) return null;
  const id = Buffer.from(match[1]!, 'base64url');
  const secret = Buffer.from(match[2]!, 'base64url');
  // One spelling per token: base64url's unused last bits must be zero.
  if (id.toString('base64url') !== match[1] || secret.toString('base64url') !== match[2]) {
    return null;
  }
  return { token, id, secret };
}

/** The store key of a token's unlocked wallet: a hash of its id, never of its secret. */
export function unlockedWalletKey(token: WalletToken): string {
  const digest = createHash('sha256').update(keyContext).update(token.id).digest('base64url');
  return `wallet:unlocked:${digest}`;
}

/** `keys` as `w1.<iv>.<ciphertext>.<tag>`: AES-256-GCM under HKDF-SHA256(secret, id). */
export function wrapUnlockedKeys(token: WalletToken, keys: UnlockedKeys): string {
  const plain = Buffer.from(JSON.stringify(keys), 'utf8');
  const iv = randomBytes(12);
  const key = wrapKey(token);
  try {
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(unlockedWalletKey(token)));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [format, iv, sealed, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  } finally {
    plain.fill(0);
    key.fill(0);
  }
}

/** The keys a token's wrapped wallet holds; null when this token's secret does not open it. */
export function unwrapUnlockedKeys(token: WalletToken, wrapped: string): UnlockedKeys | null {
  const [version, iv, sealed, tag, ...rest] = wrapped.split('.');
  if (version !== format || !iv || !sealed || !tag || rest.length > 0) return null;
  const key = wrapKey(token);
  let plain: Buffer | null = null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(unlockedWalletKey(token)));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    plain = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
    return unlockedKeysOf(JSON.parse(plain.toString('utf8')));
  } catch {
    return null;
  } finally {
    plain?.fill(0);
    key.fill(0);
  }
}

function wrapKey(token: WalletToken): Buffer {
  return Buffer.from(hkdfSync('sha256', token.secret, token.id, wrapInfo, 32));
}

function unlockedKeysOf(value: unknown): UnlockedKeys | null {
  const keys = value as Partial<UnlockedKeys> | null;
  const hex = /^0x[0-9a-f]{64}$/i;
  const address = /^0x[0-9a-fA-F]{40}$/;
  if (
    typeof keys?.userId !== 'string' ||
    (keys.type !== 'admin' && keys.type !== 'user') ||
    typeof keys.privateKey !== 'string' ||
    !hex.test(keys.privateKey) ||
    typeof keys.userPrivateKey !== 'string' ||
    !hex.test(keys.userPrivateKey) ||
    typeof keys.address !== 'string' ||
    !address.test(keys.address) ||
    typeof keys.userAddress !== 'string' ||
    !address.test(keys.userAddress) ||
    typeof keys.expiresAt !== 'number'
  ) {
    return null;
  }
  return {
    userId: keys.userId,
    type: keys.type,
    privateKey: keys.privateKey,
    userPrivateKey: keys.userPrivateKey,
    address: keys.address,
    userAddress: keys.userAddress,
    expiresAt: keys.expiresAt,
  };
}
