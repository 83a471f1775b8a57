import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { randomAddress } from './factories.ts';
import { returnPooledDatabase, takePooledDatabase } from './pglite-pool.ts';
import { onDatabase } from './global-setup.ts';
import { takePostgresDatabase } from './postgres-pool.ts';
import { startTestApp } from './start-app.ts';

/**
 * The pool of test databases of this project's kind (issue 10 §7): embedded ones
 * (test/pglite-pool.ts) in api-pglite, PostgreSQL ones (test/postgres-pool.ts) in api-postgres.
 * Each app finds a fresh database, as it would on a copy of the template.
 */

/** What these tests do with a pooled database, whichever its kind. */
interface Pooled {
  run(sql: string): Promise<unknown[]>;
  giveBack(): Promise<void>;
  /** Whether the pool ended it instead of keeping it for the next app. */
  ended(): Promise<boolean>;
}

async function takeEmbedded(): Promise<Pooled> {
  const database = await takePooledDatabase();
  if (!database) throw new Error('the api-pglite project has a PGlite template');
  return {
    run: async (sql) => (await database.pglite.query(sql)).rows,
    giveBack: () => returnPooledDatabase(database),
    ended: async () => database.pglite.closed,
  };
}

async function takePostgres(): Promise<Pooled> {
  const database = await takePostgresDatabase();
  const server = inject('testDatabaseUrl');
  if (!database || !server) throw new Error('the api-postgres project has a PostgreSQL template');
  const name = new URL(database.url).pathname.slice(1);
  return {
    run: (sql) => onDatabase(database.url, async (client) => (await client.query(sql)).rows),
    giveBack: () => database.release(),
    ended: () =>
      onDatabase(server, async (client) => {
        const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
        return rows.length === 0;
      }),
  };
}

const take = inject('postgresTemplate') ? takePostgres : takeEmbedded;

describe('the pool of test databases', () => {
  const organization = () => ({ name: 'Pool test', address: randomAddress(), role: 'carrier' });

  it('gives the next app the template: no rows, ids from 1 again', async () => {
    const first = await startTestApp();
    await first.knex('organizations').insert([organization(), organization()]);
    // A failed insert still takes a number from the sequence.
    await expect(
      first.knex('organizations').insert({ ...organization(), role: 'nobody' }),
    ).rejects.toThrow(/organizations_role/);
    await first.stop();

    const second = await startTestApp();
    try {
      expect(await second.knex('organizations').count({ n: '*' })).toEqual([{ n: '0' }]);
      const [row] = await second.knex('organizations').insert(organization()).returning('id');
      expect(row).toEqual({ id: 1 });
    } finally {
      await second.stop();
    }
  });

  it('keeps a database through a restart, and empties it at the last stop only', async () => {
    const first = await startTestApp();
    await first.knex('organizations').insert(organization());
    const again = await first.restart();
    try {
      expect(await again.knex('organizations').count({ n: '*' })).toEqual([{ n: '1' }]);
    } finally {
      await again.stop();
    }
    const next = await startTestApp();
    try {
      expect(await next.knex('organizations').count({ n: '*' })).toEqual([{ n: '0' }]);
    } finally {
      await next.stop();
    }
  });

  it('ends a database whose schema a test changed instead of lending it again', async () => {
    const changed = await take();
    await changed.run('alter table organizations add column pool_test text');
    await changed.giveBack();
    expect(await changed.ended()).toBe(true);

    const next = await take();
    try {
      const rows = await next.run(
        `select 1 from information_schema.columns where column_name = 'pool_test'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await next.giveBack();
    }
  });

  it('refuses a database it did not lend', async () => {
    const database = await take();
    await database.giveBack();
    expect(await database.ended()).toBe(false);
    await expect(database.giveBack()).rejects.toThrow('not a database of the pool');
  });

  // PGlite has the one connection, its app's.
  it.runIf(inject('postgresTemplate'))(
    'ends the connections an app left open, which would hold the emptying up',
    async () => {
      const database = await takePostgresDatabase();
      if (!database) throw new Error('the api-postgres project has a PostgreSQL template');
      const left = new pg.Client({ connectionString: database.url });
      await left.connect();
      const ended = new Promise((resolve) => left.on('error', resolve));
      await left.query('begin; lock table organizations in access exclusive mode');
      await database.release();
      expect(await ended).toBeInstanceOf(Error);
      await left.end().catch(() => undefined);
    },
  );
});
