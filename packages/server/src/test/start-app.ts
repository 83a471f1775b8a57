import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import { createApp, type PortalServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { EmbeddedDatabase } from '../db/pglite.ts';
import { testSharedBuffersMb } from './global-setup.ts';
import type { Logger } from '../logger.ts';
import { testScryptN } from './factories.ts';
import { returnPooledDatabase, takePooledDatabase } from './pglite-pool.ts';
import { takePostgresDatabase, type PostgresDatabase } from './postgres-pool.ts';

export { seedDataDir } from './pglite-pool.ts';
import { tempDir } from './temp-dir.ts';
import { healthStatus, waitFor } from './wait-for.ts';

export interface TestServer {
  baseUrl: string;
  port: number;
  portal: PortalServer;
  knex: Knex;
  dataDir: string;
  /** Stops the app and removes what it made: its data folder or database, unless passed in. */
  stop(): Promise<void>;
  /**
   * Stops the app and starts it again on the same data folder and database, as a portal restarts,
   * with `env` as its extra environment (this app's by default); the new one's stop() removes
   * what this one's would have.
   */
  restart(env?: Record<string, string>): Promise<TestServer>;
}

export interface StartOptions {
  /** Extra environment, e.g. `{ WEB_DIST: dir }`. */
  env?: Record<string, string>;
  /** Reuse a data folder (PGlite) across starts; a fresh temporary one otherwise. */
  dataDir?: string;
  /** Override the database: a URL, or null for PGlite even in the api-postgres project. */
  databaseUrl?: string | null;
  /** A logger of the test's own, e.g. to read what a flow logs. */
  logger?: Logger;
  /** Wait for /health 200 (default true). */
  waitForHealthy?: boolean;
}

export { tempDir } from './temp-dir.ts';

/**
 * The database of each data folder (PostgreSQL projects): an app restarted on a folder, as after
 * `server.portal.stop()`, finds the database it had, as it would find its PGlite folder.
 */
const databasesOfDataDirs = new Map<string, Promise<string | null>>();

function dataDirDatabase(dataDir: string | undefined): Promise<string | null> {
  if (!inject('postgresTemplate') || dataDir === undefined) return Promise.resolve(null);
  let database = databasesOfDataDirs.get(dataDir);
  if (!database) {
    database = takePostgresDatabase().then((taken) => taken?.url ?? null);
    databasesOfDataDirs.set(dataDir, database);
  }
  return database;
}

/**
 * Starts the real app on a free port, with a fresh temporary data folder, against a database of
 * its own from the worker's pool: in the api-postgres project a PostgreSQL one
 * (test/postgres-pool.ts), else an embedded one (test/pglite-pool.ts). With `dataDir`, on the
 * folder's own embedded database.
 */
export function startTestApp(options: StartOptions = {}): Promise<TestServer> {
  return start(options, null);
}

/** What a test app made or took for itself, and gives up at its stop: passed on by restart(). */
interface Owned {
  dataDir: boolean;
  database: PostgresDatabase | null;
  /** PGlite projects: the embedded database it took from the worker's pool. */
  embedded: EmbeddedDatabase | null;
}

async function start(options: StartOptions, owned: Owned | null): Promise<TestServer> {
  // On PostgreSQL a fresh start gets a database of its own; a restart on the same data folder
  // gets the same database again, as it would get the same PGlite folder.
  const ownDatabase =
    owned?.database ??
    (options.databaseUrl === undefined && options.dataDir === undefined
      ? await takePostgresDatabase()
      : null);
  const databaseUrl =
    options.databaseUrl !== undefined
      ? options.databaseUrl
      : (ownDatabase?.url ?? (await dataDirDatabase(options.dataDir)));
  const ownDataDir = owned?.dataDir ?? options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDir();
  if (ownDatabase) databasesOfDataDirs.set(dataDir, Promise.resolve(ownDatabase.url));
  // A fresh app on PGlite takes a migrated database from the pool: the template's schema and no
  // rows, without initdb's seconds or a copy's. An app given a data folder opens the folder's.
  const embedded =
    owned?.embedded ??
    (options.dataDir === undefined && !databaseUrl ? await takePooledDatabase() : null);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests make the rows they need; the demo world is loaded only where a test asks for it.
    DEMO_DATA: 'false',
    PGLITE_SHARED_BUFFERS_MB: String(testSharedBuffersMb),
    WEB_DIST: join(dataDir, 'no-web-dist'),
    // The ledger's sequencer runs on demand only (a test runs it, `POST ledger/checkpoints`): a
    // checkpoint signed by a tick would reach every webhook endpoint that takes all types.
    LEDGER_CHECKPOINT_INTERVAL_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const portal = createApp(config, {
    walletScryptN: testScryptN,
    ...(embedded ? { embeddedDatabase: embedded } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const { port } = await portal.start();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await portal.stop();
    if (embedded) await returnPooledDatabase(embedded);
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    if (ownDatabase) {
      databasesOfDataDirs.delete(dataDir);
      await ownDatabase.release();
    }
  };
  if (options.waitForHealthy !== false) {
    try {
      await waitFor('the app to be healthy', async () => (await healthStatus(baseUrl)) === 200);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  const restart = async (env = options.env) => {
    await portal.stop();
    const again = { ...options, dataDir, ...(env ? { env } : {}) };
    return start(again, { dataDir: ownDataDir, database: ownDatabase, embedded });
  };
  return { baseUrl, port, portal, knex: portal.knex, dataDir, stop, restart };
}
