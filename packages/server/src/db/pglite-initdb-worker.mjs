// Creates an embedded database (PGlite's initdb) in workerData.dir, off the main thread:
// db/pglite-initdb.ts says why. Plain JavaScript, so that Node runs it as it is both from the
// sources and beside the server's bundle (build/server-bundle.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const pglite = new PGlite(workerData.dir);
await pglite.waitReady;
await pglite.close();
parentPort.postMessage('created');
