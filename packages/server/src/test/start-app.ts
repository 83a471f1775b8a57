import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import { createApp, type PortalServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { pgliteDir } from '../db/pglite.ts';
import type { Logger } from '../logger.ts';
import { tempDir } from './temp-dir.ts';
import { healthStatus, waitFor } from './wait-for.ts';

export interface TestServer {
  baseUrl: string;
  port: number;
  portal: PortalServer;
  knex: Knex;
  dataDir: string;
  stop(): Promise<void>;
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
 * Starts the real app on a free port: against this run's PostgreSQL database in the
 * api-postgres project, else against PGlite in a fresh temporary data folder.
 */
export async function startTestApp(options: StartOptions = {}): Promise<TestServer> {
  const databaseUrl =
    options.databaseUrl === undefined ? inject('testDatabaseUrl') : options.databaseUrl;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDir();
  const template = inject('pgliteTemplateDir');
  // A fresh folder starts from the migrated template: the same schema, without initdb's seconds.
  if (ownDataDir && !databaseUrl && template) {
    cpSync(template, pgliteDir(dataDir), { recursive: true });
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests make the rows they need; the demo world is loaded only where a test asks for it.
    DEMO_DATA: 'false',
    WEB_DIST: join(dataDir, 'no-web-dist'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const portal = createApp(config, options.logger ? { logger: options.logger } : {});
  const { port } = await portal.start();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await portal.stop();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  if (options.waitForHealthy !== false) {
    try {
      await waitFor('the app to be healthy', async () => (await healthStatus(baseUrl)) === 200);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return { baseUrl, port, portal, knex: portal.knex, dataDir, stop };
}
