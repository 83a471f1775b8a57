// A hash worker thread (started by hash-pool.ts): keccak-256 of large texts and of many
// pincode ciphertexts, and the signer of large statements, off the server's event loop. It
// holds no secret: it sees statements, signatures and sealed pincodes, all public to the ledger.
import { parentPort } from 'node:worker_threads';
import { runHashJob } from './hash-ops.mjs';

parentPort.on('message', ({ id, job }) => {
  try {
    parentPort.postMessage({ id, result: runHashJob(job) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
