import { cpSync, mkdtempSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { openPglite, pgliteDir, type EmbeddedDatabase } from '../db/pglite.ts';
import { emptyAllSql, schemaFingerprintSql } from './empty-database.ts';
import { testSharedBuffersMb } from './global-setup.ts';

/**
 * The test apps' embedded databases, kept open in each test worker and emptied between apps
 * (issue 10 §7). A fresh one cost about 0.3 core-seconds: copying the run's migrated template
 * folder (40 MB, 1,255 files), PGlite's start, and removing the folder at the app's stop.
 * Emptying one (test/empty-database.ts) takes about 0.02 s.
 *
 * Each database sits in a folder inside the run's template folder, which the global teardown
 * removes (global-setup.ts). A database whose schema a test changed is closed, not reused.
 */
interface PooledDatabase extends EmbeddedDatabase {
  /** The schema it was opened with (see `schemaFingerprint`). */
  schema: string;
}

const idle: PooledDatabase[] = [];
const lent = new Set<EmbeddedDatabase>();

/** A database at the template's state, on PGlite projects; null on PostgreSQL ones. */
export async function takePooledDatabase(): Promise<EmbeddedDatabase | null> {
  const template = inject('pgliteTemplateDir');
  if (!template) return null;
  const database = idle.pop() ?? (await openFromTemplate(template));
  lent.add(database);
  return database;
}

/** Empties a database from takePooledDatabase() once its app has stopped, for the next app. */
export async function returnPooledDatabase(database: EmbeddedDatabase): Promise<void> {
  if (!lent.delete(database)) throw new Error('not a database of the pool');
  const pooled = database as PooledDatabase;
  const { pglite } = pooled;
  // A test that failed inside a transaction may have left it open on the one connection.
  await pglite.exec('rollback');
  if ((await schemaFingerprint(pooled)) !== pooled.schema) {
    await pglite.close();
    return;
  }
  await pglite.exec(emptyAllSql);
  idle.push(pooled);
}

/**
 * Gives a new data folder the run's migrated PGlite database (when the project has one), so a
 * process started on it skips initdb and the migrations; returns the folder.
 */
export function seedDataDir(dataDir: string): string {
  const template = inject('pgliteTemplateDir');
  if (template) cpSync(template, pgliteDir(dataDir), { recursive: true });
  return dataDir;
}

async function openFromTemplate(template: string): Promise<PooledDatabase> {
  const folder = seedDataDir(mkdtempSync(join(dirname(template), 'pool-')));
  const opened = openPglite(folder, testSharedBuffersMb);
  await opened.pglite.waitReady;
  return { ...opened, schema: await schemaFingerprint(opened) };
}

async function schemaFingerprint({ pglite }: EmbeddedDatabase): Promise<string> {
  const { rows } = await pglite.query<{ schema: string }>(schemaFingerprintSql);
  return rows[0]?.schema ?? '';
}
