import { computeAddress, getBytes, hashMessage, hexlify, Signature, verifyMessage } from 'ethers';
import { nativeSecp256k1 as native } from './native-secp256k1.ts';

/*
 * An ECDSA recovery costs about 0.05 ms in libsecp256k1 against 2 to 3 ms in JavaScript, which
 * is what lets `verify-ledger` check thousands of events a second (docs/ledger.md, "Speed").
 * Where the binding does not load, ethers' JavaScript recovery answers the same.
 */

/** Whether recoveries run in the native library (for the bench and the logs). */
export const nativeRecovery = native !== null;

/**
 * The address that signed `text` (EIP-191 `personal_sign`): ethers `verifyMessage`, the same
 * answer and the same refusals (an unreadable signature throws), faster.
 */
export function recoverMessageSigner(text: string, signature: string): string {
  if (!native) return verifyMessage(text, signature);
  // ethers reads and normalises the signature (v as 27/28 or 0/1, EIP-2098) and refuses a bad one.
  const sig = Signature.from(signature);
  const compact = getBytes(sig.r + sig.s.slice(2));
  let publicKey: Uint8Array;
  try {
    publicKey = native.ecdsaRecover(compact, sig.yParity, getBytes(hashMessage(text)), false);
  } catch {
    // libsecp256k1 refuses what cannot be recovered; ethers says why, or answers the same.
    return verifyMessage(text, signature);
  }
  return computeAddress(hexlify(publicKey));
}
