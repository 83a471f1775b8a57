import { mkdirSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import type { Config } from '../config.ts';
import { settleWithin } from '../kit/settle-within.ts';
import type { Logger } from '../logger.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { useIsoDates } from './pg-types.ts';
import type { PGlite } from '@electric-sql/pglite';
import { createPgliteDatabase } from './pglite-initdb.ts';
import { newPglite, pgliteKnexConfig, type EmbeddedDatabase } from './pglite.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  knex: Knex;
  kind: DatabaseKind;
  /** The most connections the pool opens: 1 on PGlite, DATABASE_POOL_MAX on PostgreSQL. */
  poolMax: number;
  /**
   * Resolves once the engine is open: PGlite's WebAssembly engine started (a first start runs
   * initdb in it: a minute or more on a loaded machine); at once on PostgreSQL. When PGlite's
   * open failed it rejects, and the next call waits for a new engine on the same folder.
   */
  open(): Promise<void>;
  /** Closes the pool (and PGlite), then releases the data folder lock. */
  close(): Promise<void>;
}

/**
 * Opens the database the configuration names: the PostgreSQL server of DATABASE_URL, or else
 * the embedded PGlite in the data folder, after taking the folder's exclusive lock (throws
 * DataDirLockedError, without touching the database files, when another process holds it).
 * Nothing is queried here: an unreachable server shows up in health and in the start-up retries.
 *
 * `embedded`: an embedded database someone else opened and closes, used instead of the data
 * folder's (createApp's code option for the test apps: test/pglite-pool.ts). Closing the
 * returned Database then only ends the pool's use of it.
 */
export function openDatabase(
  config: Config,
  logger: Logger,
  embedded?: EmbeddedDatabase,
): Database {
  useIsoDates();
  const log = knexLog(logger.child({ component: 'knex' }));
  if (embedded) {
    const knex = pgliteKnex(embedded.knexConfig, log);
    const open = async () => void (await embedded.pglite.waitReady);
    return { knex, kind: 'pglite', poolMax: 1, open, close: () => knex.destroy() };
  }
  if (config.databaseUrl) {
    const knex = knexFactory({
      client: 'pg',
      connection: {
        connectionString: config.databaseUrl,
        connectionTimeoutMillis: 5_000,
        keepAlive: true,
        application_name: 'scr-server',
      },
      pool: { min: 0, max: config.databasePoolMax },
      acquireConnectionTimeout: 10_000,
      log,
    });
    const open = () => Promise.resolve();
    const close = () => knex.destroy();
    return { knex, kind: 'postgres', poolMax: config.databasePoolMax, open, close };
  }

  mkdirSync(config.dataDir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(config.dataDir);
  if (lock.tookOver) {
    logger.warn(
      { stalePid: lock.tookOver.pid, lock: lock.path },
      'took over a stale data folder lock',
    );
  }
  try {
    return folderDatabase(config, logger, log, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The data folder's embedded database. Its engine starts at once, in the background: on a first
 * start initdb runs in a worker thread (pglite-initdb.ts), then the engine opens the folder.
 * open() waits for it; after a failed open the next call waits for a new engine.
 */
function folderDatabase(
  config: Config,
  logger: Logger,
  log: Knex.Config['log'],
  lock: DataDirLock,
): Database {
  const closing = new AbortController();
  const start = async (): Promise<PGlite> => {
    const started = Date.now();
    logger.debug({ dataDir: config.dataDir }, 'opening the embedded database');
    if (await createPgliteDatabase(config.dataDir, closing.signal)) {
      logger.info({ ms: Date.now() - started }, 'embedded database created (first start)');
    }
    return newPglite(config.dataDir, config.pgliteSharedBuffersMb);
  };
  const begin = () => {
    const engine = start();
    engine.catch(() => undefined);
    return engine;
  };
  let engine = begin();
  const knex = pgliteKnex(
    pgliteKnexConfig(() => engine),
    log,
  );
  const open = async () => {
    const opening = engine;
    try {
      await (
        await opening
      ).waitReady;
    } catch (error) {
      // A failed engine stays failed: close it, then give the next attempt a new one (never
      // two engines on the folder at once).
      if (engine === opening && !closing.signal.aborted) {
        const failed = await opening.catch(() => undefined);
        if (failed) await settleWithin(failed.close(), 2_000);
        engine = begin();
      }
      throw error;
    }
  };
  // A crash still frees the folder for the next start (a kill -9 leaves it to the takeover).
  process.once('exit', lock.release);
  const close = async () => {
    try {
      closing.abort();
      await knex.destroy();
      await (await engine.catch(() => undefined))?.close();
    } finally {
      process.removeListener('exit', lock.release);
      lock.release();
    }
  };
  return { knex, kind: 'pglite', poolMax: 1, open, close };
}

/** Knex on PGlite's one connection, which a long transaction may hold for a while. */
function pgliteKnex(knexConfig: Knex.Config, log: Knex.Config['log']): Knex {
  return knexFactory({ ...knexConfig, acquireConnectionTimeout: 30_000, log });
}

/** Knex's own notes on lost connections; health, the start-up retries and errors report those. */
const connectionNoise = /^(Connection Error|Acquire connection error)/;

/** Knex writes its warnings to the console unless given a logger. */
function knexLog(logger: Logger): Knex.Config['log'] {
  return {
    warn: (message: string) =>
      connectionNoise.test(message) ? logger.debug(message) : logger.warn(message),
    error: (message: string) => logger.error(message),
    deprecate: (method: string, alternative: string) =>
      logger.warn(`${method} is deprecated, use ${alternative}`),
    debug: (message: string) => logger.debug(message),
  };
}
