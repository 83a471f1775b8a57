import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * The server as one file that Node runs as it is, `dist/main.mjs` (`npm run build`, `npm run
 * serve`; issue 10 §7). Under tsx every start transformed and resolved each of the server's
 * modules through loader hooks in a thread of their own: 4 core-seconds to a listening portal,
 * against 2.6 for the bundle. The portal's own TypeScript (server, domain, wallet) goes in; the
 * packages of node_modules are loaded by Node from there, as before. `npm run dev` keeps tsx.
 *
 * `dist/` sits beside `src/` at the same depth, so the paths the code finds from its own module
 * (`new URL('../../web/dist', import.meta.url)` and the like) lead to the same places; the files
 * that modules read from their own folder are copied beside the bundle (`besideTheBundle`).
 */
const src = fileURLToPath(new URL('../', import.meta.url));
export const serverDist = fileURLToPath(new URL('../../dist/', import.meta.url));
export const serverBundle = join(serverDist, 'main.mjs');

/** Read at run time from the folder of the module that names them, here from the bundle's. */
const besideTheBundle = [
  // openapi/api-docs.ts
  'openapi/docs-ui',
  // releases/upload/sheet-reader.ts starts the worker, which imports zip-entries.mjs.
  'releases/upload/sheet-worker.mjs',
  'releases/upload/zip-entries.mjs',
  // The wallet's pincode-pool.ts starts the pincode workers, which import pincode-batch.mjs.
  '../../wallet/src/pincode-worker.mjs',
  '../../wallet/src/pincode-batch.mjs',
  // The wallet's hash-pool.ts starts the hash workers, which import hash-ops.mjs.
  '../../wallet/src/hash-worker.mjs',
  '../../wallet/src/hash-ops.mjs',
  // db/pglite-initdb.ts creates a first start's embedded database in this worker.
  'db/pglite-initdb-worker.mjs',
  // ledger/server-key.ts signs large batches of statements in these workers.
  'ledger/sign-worker.mjs',
];

export async function buildServer(): Promise<void> {
  rmSync(serverDist, { recursive: true, force: true });
  await build({
    entryPoints: [join(src, 'main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-outside',
        setup(bundle) {
          bundle.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            path.startsWith('@scr/') ? undefined : { path, external: true },
          );
        },
      },
    ],
  });
  for (const path of besideTheBundle) {
    cpSync(join(src, path), join(serverDist, basename(path)), { recursive: true });
  }
  // A module that reads a file of its own folder must have it copied above.
  const named = readFileSync(serverBundle, 'utf8').matchAll(
    /new URL\("\.\/([^"]+)", import\.meta\.url\)/g,
  );
  for (const [, file] of named) {
    if (!existsSync(join(serverDist, file!))) {
      throw new Error(`The bundle reads ${file} beside itself: add it to besideTheBundle.`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
