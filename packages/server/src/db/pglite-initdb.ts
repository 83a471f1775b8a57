import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { pgliteDir } from './pglite.ts';

const scratchPrefix = 'pglite.initdb-';

/**
 * Gives the data folder its embedded database when it has none yet (a first start), in a worker
 * thread. PGlite's initdb runs in WebAssembly for seconds (40 s on a loaded machine) without ever
 * yielding: on the main thread it held the event loop, so no probe answered, nothing was logged
 * and SIGTERM waited for it (issue 42 item 7). It writes into a sibling folder that is renamed
 * into place once complete, so a process killed meanwhile leaves no half-made database, which
 * PGlite would refuse to open at every later start. The caller holds the data folder lock, so a
 * scratch folder found here is a dead process's. Resolves true when it created the database.
 */
export async function createPgliteDatabase(dataDir: string, signal: AbortSignal): Promise<boolean> {
  const dir = pgliteDir(dataDir);
  if (existsSync(join(dir, 'PG_VERSION'))) return false;
  signal.throwIfAborted();
  for (const entry of readdirSync(dataDir)) {
    if (entry.startsWith(scratchPrefix)) rmSync(join(dataDir, entry), { recursive: true });
  }
  const scratch = join(dataDir, `${scratchPrefix}${process.pid}`);
  const worker = new Worker(new URL('./pglite-initdb-worker.mjs', import.meta.url), {
    workerData: { dir: scratch },
  });
  const stop = () => void worker.terminate();
  signal.addEventListener('abort', stop, { once: true });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`initdb stopped before the end (${code})`)));
    });
  } finally {
    signal.removeEventListener('abort', stop);
    await worker.terminate();
  }
  // An empty folder (made by an earlier attempt) gives way; one with files in it is not ours.
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(scratch, dir);
  return true;
}
