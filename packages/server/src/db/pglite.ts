import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { Knex } from 'knex';

export interface EmbeddedDatabase {
  pglite: PGlite;
  knexConfig: Knex.Config;
}

/** The embedded database's folder inside the data folder. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/**
 * Opens PGlite in `dataDir/pglite` and the Knex settings that drive it through the stock `pg`
 * client. PGlite has exactly one connection: the pool is fixed at one (more gave a lost update),
 * and inside a transaction every query must use the transaction (see transaction.ts).
 * The caller must hold the data folder lock first.
 *
 * `sharedBuffersMb` (PGLITE_SHARED_BUFFERS_MB, 128 by default) is PostgreSQL's page cache
 * inside the WebAssembly engine. Setting it up is about half the CPU of an open at 128 MB (0.1 of
 * 0.2 s here); the test apps, whose databases hold a few hundred rows, take 16 MB.
 */
export function openPglite(dataDir: string, sharedBuffersMb: number): EmbeddedDatabase {
  const dir = pgliteDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, {
    // pg_trgm backs the overview's substring search, as it does on PostgreSQL.
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
  });
  // A failed start surfaces on the first query (and in health); do not leave it unhandled.
  pglite.waitReady.catch(() => undefined);
  return {
    pglite,
    knexConfig: {
      client: 'pg',
      // PGlite's own adapter for the pg driver: a connection object that talks to the WASM engine.
      connection: createPgConfig(pglite) as unknown as Knex.StaticConnectionConfig,
      pool: { min: 1, max: 1 },
    },
  };
}
