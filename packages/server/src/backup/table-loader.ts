import type { Knex } from 'knex';
import { copyFields, type BackupTable } from './backup-format.ts';

/** Rows sent per statement: a batch is flushed at this many rows or this much text. */
const batchRows = 5_000;
const batchBytes = 8 << 20;

/**
 * Loads COPY text rows into the tables of `trx`, a batch at a time: one `insert … select` from
 * `unnest` of one text array per column, each cast to its column's type (the type's own input,
 * as COPY does). The same statement on PGlite and PostgreSQL, and never more than a batch in
 * memory. `columnTypes` are the target's types, by table and column.
 */
export function tableLoader(trx: Knex.Transaction, columnTypes: Map<string, Map<string, string>>) {
  let current: BackupTable | null = null;
  let columns: (string | null)[][] = [];
  let rows = 0;
  let bytes = 0;

  async function flush(): Promise<void> {
    if (!current || rows === 0) return;
    const table = current;
    const types = columnTypes.get(table.name)!;
    const names = table.columns.map((column) => column.name);
    const casts = names.map((name, i) => `u.c${i}::${types.get(name)!}`).join(', ');
    const arrays = names.map(() => '?::text[]').join(', ');
    const aliases = names.map((_, i) => `c${i}`).join(', ');
    const sql =
      `insert into ?? (${names.map(() => '??').join(', ')}) overriding system value ` +
      `select ${casts} from unnest(${arrays}) as u(${aliases})`;
    try {
      // Null stays null in pg's array literal; knex's types know only string arrays.
      await trx.raw(sql, [table.name, ...names, ...(columns as string[][])]);
    } catch (error) {
      throw new Error(`loading ${table.name}: ${(error as Error).message}`, { cause: error });
    }
    columns = table.columns.map(() => []);
    rows = 0;
    bytes = 0;
  }

  return {
    /** Adds one row of `table` (rows come table by table); sends a full batch. */
    async add(table: BackupTable, line: string): Promise<void> {
      if (current !== table) {
        await flush();
        current = table;
        columns = table.columns.map(() => []);
      }
      const fields = copyFields(line);
      for (let i = 0; i < fields.length; i++) columns[i]!.push(fields[i] ?? null);
      rows += 1;
      bytes += line.length;
      if (rows >= batchRows || bytes >= batchBytes) await flush();
    },
    /** Sends what is left of the current table. */
    flush,
  };
}
