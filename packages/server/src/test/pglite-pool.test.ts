import { describe, expect, it } from 'vitest';
import { randomAddress } from './factories.ts';
import { returnPooledDatabase, takePooledDatabase } from './pglite-pool.ts';
import { startTestApp } from './start-app.ts';

/** The test apps' pool of embedded databases (issue 10 §7): each app finds a fresh database. */
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

  it('closes a database whose schema a test changed instead of lending it again', async () => {
    const changed = await takePooledDatabase();
    if (!changed) throw new Error('the server project has a PGlite template');
    await changed.pglite.exec('alter table organizations add column pool_test text');
    await returnPooledDatabase(changed);
    expect(changed.pglite.closed).toBe(true);

    const next = await takePooledDatabase();
    if (!next) throw new Error('the server project has a PGlite template');
    try {
      expect(next).not.toBe(changed);
      const { rows } = await next.pglite.query(
        `select 1 from information_schema.columns where column_name = 'pool_test'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await returnPooledDatabase(next);
    }
  });

  it('refuses a database it did not lend', async () => {
    const database = await takePooledDatabase();
    if (!database) throw new Error('the server project has a PGlite template');
    await returnPooledDatabase(database);
    await expect(returnPooledDatabase(database)).rejects.toThrow('not a database of the pool');
  });
});
