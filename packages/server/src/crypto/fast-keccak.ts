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
