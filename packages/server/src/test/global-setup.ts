import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import knexFactory from 'knex';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../build/server-bundle.ts';
import { migrationSource } from '../db/migrations/index.ts';
import { openPglite, pgliteDir } from '../db/pglite.ts';
import { testTempRoot } from './temp-dir.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh PostgreSQL database for this run (TEST_DB=postgres), else null: PGlite. */
    testDatabaseUrl: string | null;
    /**
     * A data folder whose embedded database is already migrated (PGlite projects): a test app
     * on a fresh folder starts from a copy of it instead of running initdb and every migration
     * again, which took about 4 of the 4.5 seconds of each start.
     */
    pgliteTemplateDir: string | null;
    /**
     * PostgreSQL projects: the name of a migrated database that each test app's own database is
     * created from (`create database … template …`), and the prefix of every database of this
     * run, all dropped when the run ends. Test files run in parallel, and an app's background
     * work (the outbox, the expiry job) must never pick up another file's rows.
     */
    postgresTemplate: { name: string; prefix: string } | null;
  }
}

/**
 * The embedded database's page cache in every test app and test process
 * (PGLITE_SHARED_BUFFERS_MB): their databases hold a few hundred rows, and at PostgreSQL's
 * default of 128 MB setting the cache up took half of each open's CPU (issue 10 §7).
 */
export const testSharedBuffersMb = 16;

/**
 * For the api-postgres project, creates a fresh database on TEST_DATABASE_URL's server (so runs
 * never see each other's rows) and drops it when the run ends. Other projects use PGlite, and
 * get a migrated template data folder to copy.
 */
export default async function setup(project: TestProject) {
  const testDb = project.config.env?.TEST_DB ?? process.env.TEST_DB;
  if (testDb !== 'postgres') {
    project.provide('testDatabaseUrl', null);
    project.provide('postgresTemplate', null);
    // The API projects start apps on copies of it; `server` starts whole processes on copies.
    if (!project.name.startsWith('api') && project.name !== 'server') {
      project.provide('pgliteTemplateDir', null);
      return undefined;
    }
    // The whole processes run the server's bundle, as `npm run serve` does: built from this
    // run's sources (test/spawn-server.ts).
    if (project.name === 'server') await buildServer();
    const templateDir = await migratedPgliteTemplate();
    project.provide('pgliteTemplateDir', templateDir);
    return () => rmSync(dirname(templateDir), { recursive: true, force: true });
  }
  project.provide('pgliteTemplateDir', null);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const prefix = `scr_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const database = await createPostgresDatabase(serverUrl, prefix);
  project.provide('testDatabaseUrl', database.url);
  const template = await createPostgresDatabase(serverUrl, `${prefix}_template`);
  const knex = knexFactory({ client: 'pg', connection: template.url });
  try {
    await knex.migrate.latest({ migrationSource });
  } finally {
    await knex.destroy();
  }
  project.provide('postgresTemplate', { name: new URL(template.url).pathname.slice(1), prefix });
  return () => dropRunDatabases(serverUrl, prefix);
}

/** Drops every database of the run, also those of a test app that never stopped. */
async function dropRunDatabases(serverUrl: string, prefix: string): Promise<void> {
  await onDatabase(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

/**
 * A new database on the server of `serverUrl` (empty, or a copy of `template`), and how to drop
 * it.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(
    serverUrl,
    `create database "${name}"${template ? ` template "${template}"` : ''}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** Creates a data folder with an embedded database at the latest migration, closed cleanly. */
async function migratedPgliteTemplate(): Promise<string> {
  const dataDir = mkdtempSync(join(testTempRoot, 'scr-pglite-template-'));
  const { pglite, knexConfig } = openPglite(dataDir, testSharedBuffersMb);
  const knex = knexFactory(knexConfig);
  try {
    // initdb in WebAssembly holds the event loop (40 s on a loaded machine): the pool's acquire
    // timer would fire the moment it lets go, before the connection had its turn.
    await pglite.waitReady;
    await knex.migrate.latest({ migrationSource });
  } finally {
    await knex.destroy();
    await pglite.close();
  }
  return pgliteDir(dataDir);
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  await onDatabase(serverUrl, (client) => client.query(sql));
}

/** Runs `work` on a connection of its own to the database at `url`, closed after it. */
export async function onDatabase<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
