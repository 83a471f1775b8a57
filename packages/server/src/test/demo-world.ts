import { rmSync } from 'node:fs';
import type { Knex } from 'knex';
import { afterAll, beforeAll, inject } from 'vitest';
import { demoAccounts } from '../demo/demo-accounts.ts';
import { createPostgresDatabase } from './global-setup.ts';
import { startTestApp, tempDir, type TestServer } from './start-app.ts';

/**
 * The apps of a file that tests the demo world: each starts with DEMO_DATA on one data folder
 * and, on PostgreSQL, one database of the file's own (the demo world loads only into an empty
 * database, and the worker's pooled ones are lent to one app at a time). So the file's first
 * start loads the world and later ones find it. Registers the file's hooks: the database is made
 * before its tests, and every app stopped and the folder and database removed after them.
 */
export function demoWorldApps() {
  const servers: TestServer[] = [];
  const dataDir = tempDir();
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    const template = inject('postgresTemplate');
    const runDatabase = inject('testDatabaseUrl');
    if (!template || !runDatabase) return;
    const own = await createPostgresDatabase(runDatabase, template.prefix);
    databaseUrl = own.url;
    dropDatabase = own.drop;
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  });
  /** The app the tests read the world from: the first one started and still running. */
  const loaded = () => {
    const server = servers[0];
    if (!server) throw new Error('no demo app is running: the first test starts it');
    return server;
  };
  return {
    /** The apps started and not stopped, first the one the others' tests read. */
    servers,
    /**
     * Starts an app on the folder and database, kept in `servers` and stopped when the file
     * ends; a test that stops one itself takes it out of `servers`.
     */
    start: async () => {
      const server = await startTestApp({ dataDir, databaseUrl, env: { DEMO_DATA: 'true' } });
      servers.push(server);
      return server;
    },
    loaded,
    /** The organisation of a demo account, in the world the first start loaded. */
    orgOf: async (email: string): Promise<number> =>
      (await loaded().knex('users').where({ email }).first('organization_id')).organization_id,
  };
}

/** How many of the demo accounts and terminals a database holds. */
export async function demoCounts(knex: Knex) {
  const emails = demoAccounts.map((account) => account.email);
  const [users] = await knex('users').whereIn('email', emails).count<{ count: string }[]>();
  const [terminals] = await knex('terminals').count<{ count: string }[]>();
  return { users: Number(users?.count), terminals: Number(terminals?.count) };
}
