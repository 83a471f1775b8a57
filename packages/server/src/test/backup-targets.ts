import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { inject } from 'vitest';
import { readBackup } from '../backup/read-backup.ts';
import { loadConfig } from '../config.ts';
import { openForBackup } from '../backup/open-for-backup.ts';
import type { Database, DatabaseKind } from '../db/database.ts';
import { createPostgresDatabase } from './global-setup.ts';
import { seedDataDir } from './pglite-pool.ts';
import { testSharedBuffersMb } from './global-setup.ts';
import { tempDir } from './temp-dir.ts';

/** A database to restore into, and how the test apps reach it. */
export interface RestoreTarget {
  kind: DatabaseKind;
  /** What startTestApp takes to run a portal on it. */
  dataDir: string;
  databaseUrl: string | null;
  open(): Promise<Database>;
  /** Removes the folder or drops the database. */
  remove(): Promise<void>;
}

/** The PostgreSQL server of this run (TEST_DATABASE_URL), in either API project; else null. */
export const postgresServer = (): string | null =>
  inject('testDatabaseUrl') ?? process.env.TEST_DATABASE_URL ?? null;

/**
 * An empty database of `kind`: on PGlite a fresh data folder holding the run's migrated template
 * (a portal that started once and holds no rows); on PostgreSQL a new database with no tables.
 */
export async function restoreTarget(kind: DatabaseKind): Promise<RestoreTarget> {
  const dataDir = seedDataDir(tempDir('scr-restore-'));
  const config = (databaseUrl: string | null) =>
    loadConfig({
      DATA_DIR: dataDir,
      PGLITE_SHARED_BUFFERS_MB: String(testSharedBuffersMb),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
  const removeFolder = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    return {
      kind,
      dataDir,
      databaseUrl: null,
      open: () => openForBackup(config(null)),
      remove: async () => removeFolder(),
    };
  }
  const server = postgresServer();
  if (!server) throw new Error('a PostgreSQL target needs TEST_DATABASE_URL');
  const prefix =
    inject('postgresTemplate')?.prefix ?? `scr_test_restore_${randomBytes(4).toString('hex')}`;
  const database = await createPostgresDatabase(server, prefix);
  return {
    kind,
    dataDir,
    databaseUrl: database.url,
    open: () => openForBackup(config(database.url)),
    remove: async () => {
      removeFolder();
      await database.drop();
    },
  };
}

/** Every row of a backup, as COPY text sorted within each table, and its sequences. */
export async function backupRows(file: string) {
  const tables: Record<string, string[]> = {};
  const { sequences } = await readBackup(file, {
    row: (table, line) => {
      (tables[table.name] ??= []).push(line);
    },
  });
  for (const rows of Object.values(tables)) rows.sort();
  return { tables, sequences };
}

/**
 * Writes `file` anew to `to` with its uncompressed lines changed by `edit`. `rehash`: with the
 * checksum of what `edit` left, a well-formed file saying something else; else with the
 * checksum it had, as a damaged or tampered file would be.
 */
export function rewriteBackup(
  file: string,
  to: string,
  edit: (lines: string[]) => string[],
  { rehash = false } = {},
) {
  const lines = edit(gunzipSync(readFileSync(file)).toString('utf8').split('\n'));
  const end = lines.findIndex((line) => line.startsWith('END '));
  if (rehash && end !== -1) {
    const body = `${lines.slice(0, end).join('\n')}\n`;
    const trailer = JSON.parse(lines[end]!.slice(4)) as { sha256: string };
    trailer.sha256 = createHash('sha256').update(body).digest('hex');
    lines[end] = `END ${JSON.stringify(trailer)}`;
  }
  writeFileSync(to, gzipSync(lines.join('\n')));
}
