import type { Knex } from 'knex';
import type { DatabaseKind } from '../db/database.ts';
import { copyFields, type BackupTable } from './backup-format.ts';
import { copyIn } from './pg-copy.ts';

/** A batch is sent at this many rows (PGlite) or this much text. */
const batchRows = 5_000;
const batchBytes = 4 << 20;

/** Loads the rows of a backup, table by table, into the tables of a restore's transaction. */
export interface TableLoader {
  /** Adds one COPY text row of `table`; rows come table by table. */
  add(table: BackupTable, line: string): Promise<void>;
  /** Sends what is left of `table`. */
  finish(table: BackupTable): Promise<void>;
  /** Ends a load cut short, so that the transaction can roll back. */
  abort(reason: string): Promise<void>;
}

/**
 * PostgreSQL takes the rows as they are, through `COPY … FROM STDIN`. PGlite's driver has no
 * COPY protocol: there a batch is one `insert … select` from `unnest` of one text array per
 * column, each cast to its column's type (the type's own input, as COPY does). Never more than
 * a batch in memory. `columnTypes` are the target's types, by table and column.
 */
export function tableLoader(
  trx: Knex.Transaction,
  kind: DatabaseKind,
  columnTypes: Map<string, Map<string, string>>,
): TableLoader {
  return kind === 'postgres' ? copyLoader(trx) : unnestLoader(trx, columnTypes);
}

function copyLoader(trx: Knex.Transaction): TableLoader {
  let copy: Awaited<ReturnType<typeof copyIn>> | null = null;
  let parts: string[] = [];
  let bytes = 0;
  let rows = 0;
  const send = async () => {
    await copy!.write(Buffer.from(parts.join('')));
    parts = [];
    bytes = 0;
  };
  return {
    async add(table, line) {
      if (!copy) {
        const names = table.columns.map((column) => column.name);
        const list = names.map(() => '??').join(', ');
        copy = await copyIn(
          trx,
          trx.raw(`copy ?? (${list}) from stdin`, [table.name, ...names]).toQuery(),
        );
      }
      parts.push(line, '\n');
      bytes += line.length + 1;
      rows += 1;
      if (bytes >= batchBytes) await send();
    },
    async finish(table) {
      if (!copy) return;
      if (parts.length > 0) await send();
      const taken = await copy.end();
      copy = null;
      if (taken !== rows)
        throw new Error(`${table.name}: the server took ${taken} of ${rows} rows`);
      rows = 0;
    },
    async abort(reason) {
      await copy?.abort(reason);
      copy = null;
    },
  };
}

function unnestLoader(
  trx: Knex.Transaction,
  columnTypes: Map<string, Map<string, string>>,
): TableLoader {
  let columns: (string | null)[][] = [];
  let rows = 0;
  let bytes = 0;
  const flush = async (table: BackupTable) => {
    if (rows === 0) return;
    const types = columnTypes.get(table.name)!;
    const names = table.columns.map((column) => column.name);
    const casts = names.map((name, i) => `u.c${i}::${types.get(name)!}`).join(', ');
    const arrays = names.map(() => '?::text[]').join(', ');
    const aliases = names.map((_, i) => `c${i}`).join(', ');
    const sql =
      `insert into ?? (${names.map(() => '??').join(', ')}) overriding system value ` +
      `select ${casts} from unnest(${arrays}) as u(${aliases})`;
    // Null stays null in pg's array literal; knex's types know only string arrays.
    try {
      await trx.raw(sql, [table.name, ...names, ...(columns as string[][])]);
    } catch (error) {
      throw new Error(`loading ${table.name}: ${(error as Error).message}`, { cause: error });
    }
    columns = [];
    rows = 0;
    bytes = 0;
  };
  return {
    async add(table, line) {
      if (rows === 0) columns = table.columns.map(() => []);
      const fields = copyFields(line);
      for (let i = 0; i < fields.length; i++) columns[i]!.push(fields[i] ?? null);
      rows += 1;
      bytes += line.length;
      if (rows >= batchRows || bytes >= batchBytes) await flush(table);
    },
    finish: flush,
    async abort() {
      columns = [];
      rows = 0;
    },
  };
}
