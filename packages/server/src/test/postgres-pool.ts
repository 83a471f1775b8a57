import type pg from 'pg';
import { inject } from 'vitest';
import { emptyAllSql, schemaFingerprintSql } from './empty-database.ts';
import { createPostgresDatabase, onDatabase } from './global-setup.ts';

/**
 * The test apps' PostgreSQL databases (the api-postgres project), kept by each test worker and
 * emptied between apps, as the embedded ones are (test/pglite-pool.ts; issue 10 §7). A database
 * of its own for each app, made from the run's migrated template and dropped at the app's stop,
 * cost 0.7 s of waiting (the copy goes through the write-ahead log, which is flushed to disk)
 * and 0.3 of the server's CPU seconds: 87 of them were 62 of the 89 s that all of a run's
 * statements took. Emptying one is one statement (test/empty-database.ts). A worker runs one
 * file at a time, so an app's background work (the outbox, the expiry job) still never sees
 * another file's rows.
 *
 * Every database of the run, lent or idle, is dropped when the run ends (global-setup.ts).
 */
export interface PostgresDatabase {
  url: string;
  /** Empties the database for the next app (its app has stopped); a second call throws. */
  release(): Promise<void>;
}

interface PooledDatabase {
  url: string;
  /** The schema it was made with (`schemaFingerprintSql`). */
  schema: string;
  drop(): Promise<void>;
}

const idle: PooledDatabase[] = [];
const lent = new Set<PooledDatabase>();

/** A database at the template's state, in the api-postgres project; null elsewhere. */
export async function takePostgresDatabase(): Promise<PostgresDatabase | null> {
  const template = inject('postgresTemplate');
  const runDatabase = inject('testDatabaseUrl');
  if (!template || !runDatabase) return null;
  const database = idle.pop() ?? (await fromTemplate(runDatabase, template.prefix, template.name));
  lent.add(database);
  return { url: database.url, release: () => giveBack(database) };
}

async function fromTemplate(
  runDatabase: string,
  prefix: string,
  template: string,
): Promise<PooledDatabase> {
  const { url, drop } = await createPostgresDatabase(runDatabase, prefix, template);
  const schema = await onDatabase(url, fingerprint);
  return { url, schema, drop };
}

async function giveBack(database: PooledDatabase): Promise<void> {
  if (!lent.delete(database)) throw new Error('not a database of the pool');
  const reusable = await onDatabase(database.url, async (client) => {
    // What `drop … with (force)` did: a connection its app left open goes, with its locks.
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    // A test that changed the schema leaves a database that no other may find.
    if ((await fingerprint(client)) !== database.schema) return false;
    await client.query(emptyAllSql);
    return true;
  });
  if (reusable) idle.push(database);
  else await database.drop();
}

async function fingerprint(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(schemaFingerprintSql);
  return rows[0]?.schema ?? '';
}
