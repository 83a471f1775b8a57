import { Signature, verifyMessage, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { nativeRecovery, recoverMessageSigner } from './recover-signer.ts';

describe('recoverMessageSigner: ethers verifyMessage, in libsecp256k1', () => {
  it('loads the native binding on this machine (else verify-ledger is 30 times slower)', () => {
    expect(nativeRecovery).toBe(true);
  });

  it('answers the signer ethers answers, for many keys and texts, in every signature form', () => {
    for (let i = 0; i < 40; i++) {
      const wallet = Wallet.createRandom();
      const text = JSON.stringify({ i, at: new Date(i * 1e9).toISOString(), x: 'é'.repeat(i) });
      const signature = wallet.signMessageSync(text);
      const sig = Signature.from(signature);
      for (const form of [
        signature,
        sig.compactSerialized,
        sig.r + sig.s.slice(2) + (sig.yParity ? '01' : '00'),
      ]) {
        expect(recoverMessageSigner(text, form)).toBe(verifyMessage(text, form));
      }
      expect(recoverMessageSigner(text, signature)).toBe(wallet.address);
    }
  });

  it('a changed text or signature recovers another address, as with ethers; garbage throws', () => {
    const wallet = Wallet.createRandom();
    const signature = wallet.signMessageSync('statement');
    expect(recoverMessageSigner('statemenT', signature)).not.toBe(wallet.address);
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('1b') ? '1c' : '1b'}`;
    expect(recoverMessageSigner('statement', flipped)).toBe(verifyMessage('statement', flipped));
    expect(recoverMessageSigner('statement', flipped)).not.toBe(wallet.address);
    expect(() => recoverMessageSigner('statement', '0x1234')).toThrow();
    expect(() => verifyMessage('statement', '0x1234')).toThrow();
  });
});
