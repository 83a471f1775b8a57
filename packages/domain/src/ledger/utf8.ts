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
  return (text as unknown as WellFormed).isWellFormed() ? encoder.encode(text) : toUtf8Bytes(text);
}
