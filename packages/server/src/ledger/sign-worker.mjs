// A signing worker thread (started by server-key.ts): signs batches of EIP-191 digests with the
// server's key in libsecp256k1, off the server's event loop. It keeps no key: the key comes
// with each batch, in a buffer transferred to this thread alone, and is overwritten as soon as
// the batch is signed. Plain JavaScript, so that it starts without tsx, beside the bundle too.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const native = createRequire(import.meta.url)('secp256k1/bindings');

/** 32-byte digests in, 65-byte signatures out (r, s, then v as 27 or 28), one after another. */
parentPort.on('message', ({ id, job: { privateKey, digests } }) => {
  const key = new Uint8Array(privateKey);
  const bytes = new Uint8Array(digests);
  let answer;
  try {
    const count = bytes.length / 32;
    const signatures = new Uint8Array(count * 65);
    for (let i = 0; i < count; i += 1) {
      const { signature, recid } = native.ecdsaSign(bytes.subarray(i * 32, i * 32 + 32), key);
      signatures.set(signature, i * 65);
      signatures[i * 65 + 64] = 27 + recid;
    }
    answer = { id, result: signatures };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  } finally {
    key.fill(0);
  }
  parentPort.postMessage(answer);
});
