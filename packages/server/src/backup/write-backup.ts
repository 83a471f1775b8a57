import { existsSync, linkSync, renameSync, rmSync, statSync } from 'node:fs';
import type { Knex } from 'knex';
import type { DatabaseKind } from '../db/database.ts';
import { portalVersion } from '../version.ts';
import {
  backupFormatVersion,
  backupMagic,
  endOfRows,
  textSettings,
  type BackupHeader,
  type BackupSequence,
  type BackupTable,
} from './backup-format.ts';
import { backupWriter, type BackupWriter } from './backup-writer.ts';
import { lineCount, tableRowText } from './table-rows.ts';
import { appliedMigrations, schemaSequences, schemaTables } from './schema-catalog.ts';

export interface BackupOptions {
  /** The back end being read, recorded in the header. */
  source: DatabaseKind;
  /** Replace `file` when it exists (else refuse). */
  force?: boolean;
  /** Heard (and awaited) before each table's rows are read. */
  onTable?: (table: string, index: number, tables: number) => Promise<void> | void;
}

export interface BackupSummary {
  header: BackupHeader;
  rows: Record<string, number>;
  /** Size of the text before compression, and of the file. */
  bytes: number;
  fileBytes: number;
}

/** Thrown when there is nothing to back up or nowhere to put it; nothing was written. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

/**
 * Writes a backup of the database to `file` (backup-format.ts), all of it read in one
 * `REPEATABLE READ, READ ONLY` transaction: one snapshot, consistent while the portal goes on
 * writing (PostgreSQL; PGlite has one connection, so the portal is stopped). Each table streams
 * through (table-rows.ts), never held whole. The file is written beside `file` and moved
 * into place only once complete and flushed, so a failed backup never leaves a `file` behind.
 */
export async function writeBackup(
  knex: Knex,
  file: string,
  options: BackupOptions,
): Promise<BackupSummary> {
  if (!options.force && existsSync(file)) {
    throw new BackupRefusedError(
      `${file} exists: choose another name, or pass --force to replace it`,
    );
  }
  const partial = `${file}.${process.pid}.partial`;
  const writer = backupWriter(partial);
  try {
    const summary = await knex.transaction(async (trx) => {
      await trx.raw('set transaction isolation level repeatable read, read only');
      await trx.raw(textSettings);
      return writeSnapshot(trx, writer, options);
    });
    await writer.finish();
    if (options.force) renameSync(partial, file);
    else {
      // A link refuses an existing name atomically, where a rename would replace it.
      linkSync(partial, file);
      rmSync(partial);
    }
    return { ...summary, fileBytes: statSync(file).size };
  } catch (error) {
    await writer.abort();
    rmSync(partial, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupRefusedError(`${file} appeared while the backup was written: kept it`);
    }
    throw error;
  }
}

async function writeSnapshot(trx: Knex.Transaction, writer: BackupWriter, options: BackupOptions) {
  const migrations = await appliedMigrations(trx);
  if (!migrations?.length) {
    throw new BackupRefusedError('the database holds no portal schema (no migrations have run)');
  }
  const { rows: about } = await trx.raw(
    `select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as taken_at,
            current_setting('server_version') as server_version`,
  );
  const tables = await schemaTables(trx);
  const header: BackupHeader = {
    portalVersion,
    takenAt: about[0].taken_at,
    source: options.source,
    serverVersion: about[0].server_version,
    migrations,
    tables,
  };
  await writer.write(`${backupMagic} ${backupFormatVersion}\nHEADER ${JSON.stringify(header)}\n`);
  const rows: Record<string, number> = {};
  for (const [index, table] of tables.entries()) {
    await options.onTable?.(table.name, index, tables.length);
    rows[table.name] = await writeTable(trx, writer, table, options.source);
  }
  const sequences: Record<string, BackupSequence> = {};
  for (const name of await schemaSequences(trx)) {
    const { rows: value } = await trx.raw('select last_value::text as value, is_called from ??', [
      name,
    ]);
    sequences[name] = { value: value[0].value, called: value[0].is_called };
  }
  await writer.write(`SEQUENCES ${JSON.stringify(sequences)}\n`);
  const sha256 = writer.sha256();
  await writer.write(`END ${JSON.stringify({ rows, sha256 })}\n`, { hashed: false });
  return { header, rows, bytes: writer.bytes() };
}

/** Writes one table's section; answers its row count. */
async function writeTable(
  trx: Knex.Transaction,
  writer: BackupWriter,
  table: BackupTable,
  kind: DatabaseKind,
) {
  await writer.write(`TABLE ${table.name}\n`);
  let count = 0;
  for await (const chunk of tableRowText(trx, kind, table)) {
    count += lineCount(chunk);
    await writer.write(chunk);
  }
  await writer.write(`${endOfRows}\n`);
  return count;
}
