// What the hash workers (hash-worker.mjs) compute, and what hash-pool.ts computes on the event
// loop for small inputs: the same functions of ethers either way, so an answer never depends
// on where it was computed.
import { hashMessage, keccak256, toUtf8Bytes, verifyMessage } from 'ethers';

/**
 * One hash job: `keccak` answers keccak-256 of each text's UTF-8 bytes (null for null or an
 * empty text, as the domain's `pincodeHash`); `digest` the EIP-191 digest of a message (what
 * `signMessage` signs); `recover` the address that signed a message (EIP-191).
 */
export function runHashJob(job) {
  switch (job.op) {
    case 'keccak':
      return job.texts.map((text) => (text ? keccak256(toUtf8Bytes(text)) : null));
    case 'digest':
      return hashMessage(job.message);
    case 'recover':
      return verifyMessage(job.message, job.signature);
    default:
      throw new Error(`no hash job ${job.op}`);
  }
}
