import { toUtf8Bytes } from 'ethers';

const encoder = new TextEncoder();
/** ES2024's `String.prototype.isWellFormed` (Node 20, current browsers), beyond our `lib`. */
type WellFormed = { isWellFormed(): boolean };

/**
 * The UTF-8 bytes of a text, as ethers `toUtf8Bytes` gives them (the ledger's hashes are over
 * these): the platform's encoder, several times faster on the kilobytes of a statement; a text
 * with a lone surrogate goes to ethers, which refuses it as before (the encoder would replace it).
 */
export function utf8Bytes(text: string): Uint8Array {
  if (!(text as unknown as WellFormed).isWellFormed()) return toUtf8Bytes(text);
  const bytes = encoder.encode(text);
  // Under jsdom the encoder's array is of another realm than the one ethers checks against.
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
}
