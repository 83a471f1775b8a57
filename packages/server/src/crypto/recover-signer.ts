import { createRequire } from 'node:module';
import { computeAddress, getBytes, hashMessage, hexlify, Signature, verifyMessage } from 'ethers';

/** The part of libsecp256k1's Node binding (the `secp256k1` package) used here. */
interface NativeSecp256k1 {
  ecdsaRecover(
    signature: Uint8Array,
    recid: number,
    message: Uint8Array,
    compressed: boolean,
  ): Uint8Array;
}

/**
 * libsecp256k1 through the `secp256k1` package's prebuilt binding (shipped in the npm package
 * for Linux, macOS and Windows; nothing is built or downloaded at install): an ECDSA recovery
 * costs about 0.05 ms there against 2 to 3 ms in JavaScript, which is what lets `verify-ledger`
 * check thousands of events a second (docs/ledger.md, "Speed"). Where the binding does not
 * load, ethers' JavaScript recovery answers the same.
 */
function loadNative(): NativeSecp256k1 | null {
  try {
    return createRequire(import.meta.url)('secp256k1/bindings') as NativeSecp256k1;
  } catch {
    return null;
  }
}
const native = loadNative();

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
