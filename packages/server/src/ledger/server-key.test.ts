import { verifyMessage, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import '../crypto/fast-keccak.ts';
import { nativeSecp256k1 } from '../crypto/native-secp256k1.ts';
import { messageSigner, signingWorkers } from './server-key.ts';

const randomWallet = () => new Wallet(Wallet.createRandom().privateKey);

describe('the server key signs its ledger statements (docs/ledger.md): ethers signMessageSync, in libsecp256k1', () => {
  it('loads the native binding on this machine (else creating 5,000 releases signs for seconds)', () => {
    expect(nativeSecp256k1).not.toBeNull();
  });

  it('gives the very signature ethers gives, for many keys and texts, and it recovers to the key', () => {
    for (let i = 0; i < 25; i++) {
      const wallet = randomWallet();
      const { sign } = messageSigner(wallet);
      const texts = [
        '',
        'statement',
        JSON.stringify({ i, at: new Date(i * 1e9).toISOString(), name: 'Zoë’s ' + 'é'.repeat(i) }),
        'x'.repeat(1000 + i * 97),
      ];
      for (const text of texts) {
        const signature = sign(text);
        expect(signature).toBe(wallet.signMessageSync(text));
        expect(verifyMessage(text, signature)).toBe(wallet.address);
      }
    }
  });

  it('signs a batch of 600 in the signing workers as ethers signs each, in order; a few here', async () => {
    const wallet = randomWallet();
    const { signMany } = messageSigner(wallet);
    const texts = Array.from(
      { length: 600 },
      (_, i) => `{"n":${i},"name":"Zoë’s ${'é'.repeat(i % 7)}"}`,
    );
    const signatures = await signMany(texts);
    expect(signatures).toHaveLength(600);
    expect(signingWorkers()).toBeGreaterThan(0);
    for (const [i, text] of texts.entries()) {
      expect(signatures[i]).toBe(wallet.signMessageSync(text));
    }
    expect(await signMany(texts.slice(0, 3))).toEqual(signatures.slice(0, 3));
  });

  it('a text with a lone surrogate is what ethers makes of it (it refuses it), alone or in a batch', async () => {
    const wallet = randomWallet();
    const { sign, signMany } = messageSigner(wallet);
    const text = 'broken \ud800 text';
    let expected: string | Error;
    try {
      expected = wallet.signMessageSync(text);
    } catch (error) {
      expected = error as Error;
    }
    const batch = [...Array.from({ length: 100 }, (_, i) => `t${i}`), text];
    if (expected instanceof Error) {
      expect(() => sign(text)).toThrow(expected.message);
      await expect(signMany(batch)).rejects.toThrow(expected.message);
    } else {
      expect(sign(text)).toBe(expected);
      expect((await signMany(batch)).at(-1)).toBe(expected);
    }
  });
});
