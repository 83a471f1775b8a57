import { mkdirSync } from 'node:fs';
import knexFactory from 'knex';
import type { Config } from '../config.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/pglite.ts';

/**
 * The database of the configuration, for `npm run backup` and `npm run restore`: one connection,
 * since a backup is one snapshot and a restore one transaction.
 *
 * PostgreSQL: named `scr-backup`, so that restore can tell the portal's connections
 * (`scr-server`, db/database.ts) from its own. PGlite: the data folder's lock is taken first, as
 * the portal takes it (DataDirLockedError while a portal runs on it), and the engine is awaited
 * before Knex asks it for its connection: a fresh folder's initdb can outlast Knex's wait on a
 * loaded machine, and Knex's pool on PGlite never recovers from that timeout.
 */
export async function openForBackup(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const knex = knexFactory({
      client: 'pg',
      connection: {
        connectionString: config.databaseUrl,
        connectionTimeoutMillis: 10_000,
        application_name: 'scr-backup',
      },
      pool: { min: 0, max: 1 },
    });
    const open = () => Promise.resolve();
    return { knex, kind: 'postgres', poolMax: 1, open, close: () => knex.destroy() };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const lock = acquireDataDirLock(config.dataDir);
  process.once('exit', lock.release);
  const release = () => {
    process.removeListener('exit', lock.release);
    lock.release();
  };
  const { pglite, knexConfig } = openPglite(config.dataDir, config.pgliteSharedBuffersMb);
  try {
    await pglite.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const knex = knexFactory(knexConfig);
  const close = async () => {
    try {
      await knex.destroy();
      await pglite.close();
    } finally {
      release();
    }
  };
  // The engine is open already (awaited above).
  return { knex, kind: 'pglite', poolMax: 1, open: () => Promise.resolve(), close };
}
