// A pincode worker thread (started by pincode-pool.ts): opens and reseals batches of pincodes
// off the server's event loop, and seals pincodes in clear to a public key. It keeps no key:
// the sealing key comes with each batch, in a buffer transferred to this thread alone, and is
// overwritten as soon as the batch is done.
import { parentPort } from 'node:worker_threads';
import sodium from 'libsodium-wrappers';
import { openBatch, resealBatch, sealBatch } from './pincode-batch.mjs';

await sodium.ready;

parentPort.on('message', ({ id, job: { op, sealed, publicKey, privateKey, targetPublicKey } }) => {
  const secret = new Uint8Array(privateKey);
  let answer;
  try {
    const results =
      op === 'seal'
        ? sealBatch(sodium, sealed, new Uint8Array(targetPublicKey))
        : op === 'reseal'
          ? resealBatch(
              sodium,
              sealed,
              new Uint8Array(publicKey),
              secret,
              new Uint8Array(targetPublicKey),
            )
          : openBatch(sodium, sealed, new Uint8Array(publicKey), secret);
    answer = { id, result: results };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  } finally {
    // Overwritten before the answer leaves: nothing of the key outlives the batch here.
    secret.fill(0);
  }
  parentPort.postMessage(answer);
});
