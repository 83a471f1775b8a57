import type { Knex } from 'knex';
import type { DatabaseKind } from '../db/database.ts';
import { migrationSource } from '../db/migrations/index.ts';
import { portalVersion } from '../version.ts';
import {
  BackupFileError,
  textSettings,
  type BackupHeader,
  type BackupTable,
} from './backup-format.ts';
import { readBackup, type BackupContents } from './read-backup.ts';
import {
  addForeignKeys,
  dropForeignKeys,
  dropSchemaObjects,
  schemaTables,
  tablesWithRows,
} from './schema-catalog.ts';
import { tableLoader } from './table-loader.ts';

export interface RestoreOptions {
  /** The back end restored into. */
  target: DatabaseKind;
  /** Replace what a non-empty database holds (else refuse). */
  force?: boolean;
  /** What checkBackup(file) answered, when the caller checked the file first. */
  checked?: BackupContents;
  /** Heard after each table is loaded. */
  onTable?: (table: string, rows: number) => void;
}

export interface RestoreSummary {
  header: BackupHeader;
  rows: Record<string, number>;
  /** The migrations run after the load: those the code has and the backup had not. */
  laterMigrations: string[];
}

/** Thrown when the database may not be restored into; nothing was written. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** Serialises restores into one database. */
const restoreLockKey = 7_340_042;

/**
 * Reads the file through and checks it (format, header, every row's shape, counts, checksum) and
 * that this code knows every migration it was taken at. Throws BackupFileError; writes nothing.
 */
export async function checkBackup(file: string): Promise<BackupContents> {
  const contents = await readBackup(file);
  const known = new Set(await migrationSource.getMigrations([]));
  const unknown = contents.header.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupFileError(
      `the backup comes from a newer schema: migration ${unknown.join(', ')} is unknown to this ` +
        `portal (${portalVersion}); restore it with portal ${contents.header.portalVersion} or later`,
    );
  }
  return contents;
}

/**
 * Restores a backup into the database, all or nothing, in one transaction: checks the file first
 * (checkBackup), refuses a database that holds rows unless `force`, drops the schema's tables,
 * runs the backup's migrations, loads every table with the foreign keys off (put back, and so
 * checked, once all rows are in), sets the sequences, then runs the migrations that came after
 * the backup. The file is read twice; the second read is checked again before the commit.
 */
export async function restoreBackup(
  knex: Knex,
  file: string,
  options: RestoreOptions,
): Promise<RestoreSummary> {
  const checked = options.checked ?? (await checkBackup(file));
  const { header } = checked;
  const summary = await knex.transaction(async (trx) => {
    await trx.raw(textSettings);
    await trx.raw('select pg_advisory_xact_lock(?)', [restoreLockKey]);
    await refuseUnlessFree(trx, options.force ?? false);
    await dropSchemaObjects(trx);
    await trx.migrate.latest({ migrationSource: migrationsOf(header.migrations) });
    const columnTypes = await sameSchema(trx, header.tables);
    const foreignKeys = await dropForeignKeys(trx);
    const loader = tableLoader(trx, options.target, columnTypes);
    const { sequences, trailer } = await readBackup(file, {
      header: (again) => {
        if (JSON.stringify(again) !== JSON.stringify(header)) {
          throw new BackupFileError('the file changed while it was being restored');
        }
      },
      row: loader.add,
      tableEnd: async (table, rows) => {
        await loader.finish(table);
        options.onTable?.(table.name, rows);
      },
    }).catch(async (error: unknown) => {
      await loader.abort(error instanceof Error ? error.message : String(error));
      throw error;
    });
    await addForeignKeys(trx, foreignKeys);
    for (const [name, { value, called }] of Object.entries(sequences)) {
      await trx.raw(`select setval(format('%I', ?::text)::regclass, ?::bigint, ?)`, [
        name,
        value,
        called,
      ]);
    }
    const [, later] = (await trx.migrate.latest({ migrationSource })) as [number, string[]];
    return { header, rows: trailer.rows, laterMigrations: later };
  });
  // Fresh tables have no planner statistics until autovacuum comes by.
  await knex.raw('analyze');
  return summary;
}

async function refuseUnlessFree(trx: Knex.Transaction, force: boolean): Promise<void> {
  // The portal names its PostgreSQL connections (db/database.ts); PGlite has only ours.
  const { rows } = await trx.raw(
    `select count(*)::int as portals from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and application_name = 'scr-server'`,
  );
  if (rows[0].portals > 0) {
    throw new RestoreRefusedError(
      `${rows[0].portals} portal connection(s) are open on this database: stop every portal instance first`,
    );
  }
  const filled = await tablesWithRows(trx);
  if (filled.length > 0 && !force) {
    const named = filled.slice(0, 5).join(', ') + (filled.length > 5 ? ', …' : '');
    throw new RestoreRefusedError(
      `the database is not empty (${filled.length} tables hold rows: ${named}); ` +
        'pass --force to replace everything it holds with the backup',
    );
  }
}

/** A migration source of exactly the backup's migrations, in the order they ran there. */
function migrationsOf(names: string[]): Knex.MigrationSource<string> {
  return { ...migrationSource, getMigrations: async () => names };
}

/** The target's column types by table; throws when its schema is not the backup's. */
async function sameSchema(trx: Knex.Transaction, tables: BackupTable[]) {
  const built = new Map((await schemaTables(trx)).map((table) => [table.name, table]));
  const describe = (table: BackupTable | undefined) =>
    JSON.stringify(table?.columns.map(({ name, type }) => `${name} ${type}`).sort() ?? null);
  const differing = [...new Set([...built.keys(), ...tables.map((table) => table.name)])].filter(
    (name) => describe(built.get(name)) !== describe(tables.find((table) => table.name === name)),
  );
  if (differing.length > 0) {
    throw new BackupFileError(
      `the schema its migrations build here differs from the backup's in ${differing.join(', ')}`,
    );
  }
  return new Map(
    [...built].map(([name, table]) => [
      name,
      new Map(table.columns.map((column) => [column.name, column.type])),
    ]),
  );
}
