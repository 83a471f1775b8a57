import { keccak256 } from 'ethers';
import { createKeccak } from 'hash-wasm';

/**
 * Keccak-256 in WebAssembly for everything that hashes through ethers on the server: ledger
 * event hashes, statement and pincode hashes, address checksums, EIP-191 message digests. The
 * pure-JavaScript default costs about 50 µs for an event's 600 bytes, ten times this one, and
 * hashing is most of a 1,000-release transfer's server time (bench/README.md). Same function,
 * same bytes out: only the speed differs. Loaded once, before the first hash.
 */
const hasher = await createKeccak(256);
keccak256.register((data: Uint8Array) => {
  hasher.init();
  hasher.update(data);
  return hasher.digest('binary');
});

/**
 * keccak-256 of the parts one after the other, as bytes: what `keccak256(concat(parts))` hashes,
 * without ethers' hex strings in between (a signature's digest, an address).
 */
export function keccakBytes(...parts: Uint8Array[]): Uint8Array {
  hasher.init();
  for (const part of parts) hasher.update(part);
  return hasher.digest('binary');
}
