import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomWallet } from './keys.ts';
import {
  newWalletToken,
  parseWalletToken,
  unlockedWalletKey,
  unwrapUnlockedKeys,
  wrapUnlockedKeys,
  type UnlockedKeys,
} from './wallet-token.ts';

const keys = (): UnlockedKeys => {
  const [organisation, user] = [randomWallet(), randomWallet()];
  return {
    userId: '7',
    type: 'admin',
    privateKey: organisation.privateKey,
    userPrivateKey: user.privateKey,
    address: organisation.address,
    userAddress: user.address,
    expiresAt: Date.now() + 60_000,
  };
};

describe('wallet tokens (issue 42 item 1)', () => {
  it('are an id and a secret, parsed back exactly', () => {
    const token = newWalletToken();
    expect(token.token).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    const parsed = parseWalletToken(token.token)!;
    expect(parsed.id.equals(token.id)).toBe(true);
    expect(parsed.secret.equals(token.secret)).toBe(true);
    expect(newWalletToken().token).not.toBe(token.token);
  });

  it('refuses anything spelled otherwise', () => {
    const { token } = newWalletToken();
    const [id, secret] = token.split('.') as [string, string];
    // A last character whose unused bits are set decodes to the same bytes: not the token's spelling.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const unusedBitsSet = (part: string) =>
      part.slice(0, -1) + alphabet[alphabet.indexOf(part.at(-1)!) + 1];
    for (const bad of [
      null,
      42,
      '',
      id,
      `${id}.`,
      `.${secret}`,
      `${id}.${secret}.`,
      `${id}.${secret} `,
      ` ${id}.${secret}`,
      `${id}=.${secret}`,
      `${id.slice(1)}.${secret}`,
      `${id}.${secret}A`,
      `${id.slice(0, -1)}+.${secret}`,
      `${unusedBitsSet(id)}.${secret}`,
      `${id}.${unusedBitsSet(secret)}`,
    ]) {
      expect(parseWalletToken(bad)).toBeNull();
    }
  });

  it('name their store key by the id alone, hashed: neither part of the token is in it', () => {
    const token = newWalletToken();
    const key = unlockedWalletKey(token);
    expect(key).toMatch(/^wallet:unlocked:[\w-]{43}$/);
    expect(key).not.toContain(token.id.toString('base64url'));
    expect(key).not.toContain(token.secret.toString('base64url'));
    expect(unlockedWalletKey({ ...token, secret: randomBytes(32) })).toBe(key);
    expect(unlockedWalletKey(newWalletToken())).not.toBe(key);
  });

  it('wrap the keys so that only the token opens them', () => {
    const token = newWalletToken();
    const unlocked = keys();
    const wrapped = wrapUnlockedKeys(token, unlocked);
    expect(wrapped).toMatch(/^w1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const secret of [unlocked.privateKey.slice(2), unlocked.userPrivateKey.slice(2)]) {
      expect(wrapped.toLowerCase()).not.toContain(secret);
      expect(wrapped).not.toContain(Buffer.from(secret, 'hex').toString('base64url'));
    }
    expect(unwrapUnlockedKeys(token, wrapped)).toEqual(unlocked);
    // Twice the same keys, two ciphertexts (a fresh IV each time).
    expect(wrapUnlockedKeys(token, unlocked)).not.toBe(wrapped);

    expect(unwrapUnlockedKeys({ ...token, secret: randomBytes(32) }, wrapped)).toBeNull();
    // Moved under another token's id, it does not open either.
    const other = newWalletToken();
    expect(unwrapUnlockedKeys({ ...other, secret: token.secret }, wrapped)).toBeNull();
  });

  it('open nothing from an altered or malformed ciphertext', () => {
    const token = newWalletToken();
    const wrapped = wrapUnlockedKeys(token, keys());
    const [format, iv, sealed, tag] = wrapped.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0]! ^= 1;
      return bytes.toString('base64url');
    };
    for (const bad of [
      '',
      'w1',
      `w2.${iv}.${sealed}.${tag}`,
      `${format}.${flip(iv)}.${sealed}.${tag}`,
      `${format}.${iv}.${flip(sealed)}.${tag}`,
      `${format}.${iv}.${sealed}.${flip(tag)}`,
      `${format}.${iv}.${sealed}.${tag}.x`,
      `${format}.${iv}.${sealed}.`,
    ]) {
      expect(unwrapUnlockedKeys(token, bad)).toBeNull();
    }
  });
});
