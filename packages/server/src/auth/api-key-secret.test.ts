import { describe, expect, it } from 'vitest';
import { generateApiKey, parseApiKey, secretMatches } from './api-key-secret.ts';

describe('API key secrets (DESIGN §3: machines use API keys, stored hashed)', () => {
  it('makes keys of the form scr_<prefix>_<secret> that parse back', () => {
    const made = generateApiKey();
    expect(made.key).toMatch(/^scr_[0-9a-f]{12}_[0-9a-f]{64}$/);
    const parsed = parseApiKey(made.key);
    expect(parsed?.prefix).toBe(made.prefix);
    expect(secretMatches(made.salt, parsed!.secret, made.secretHash)).toBe(true);
  });

  it('stores nothing from which the key can be read', () => {
    const made = generateApiKey();
    const secret = parseApiKey(made.key)!.secret;
    expect(made.secretHash).not.toContain(secret);
    expect(made.salt).not.toContain(secret);
  });

  it('refuses another secret and malformed keys', () => {
    const made = generateApiKey();
    const other = parseApiKey(generateApiKey().key)!.secret;
    expect(secretMatches(made.salt, other, made.secretHash)).toBe(false);
    expect(parseApiKey('scr_abc_def')).toBeNull();
    expect(parseApiKey(undefined)).toBeNull();
    expect(parseApiKey(made.key.toUpperCase())).toBeNull();
  });
});
