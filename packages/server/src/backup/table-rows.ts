import type { Knex } from 'knex';
import type { DatabaseKind } from '../db/database.ts';
import { copyField, type BackupTable } from './backup-format.ts';
import { copyOut } from './pg-copy.ts';

/** Rows read per cursor fetch: sized so that a fetch holds about this much text. */
const fetchBytes = 4 << 20;

/**
 * The rows of one table as COPY text, in chunks of whole lines, read in the caller's snapshot.
 * PostgreSQL writes them itself (`COPY … TO STDOUT`). PGlite would write a whole table's COPY
 * at once, in memory: there a cursor is fetched a few megabytes at a time, each value written by
 * its type's output function (what COPY writes), and escaped as COPY escapes it (`copyField`).
 */
export async function* tableRowText(
  trx: Knex.Transaction,
  kind: DatabaseKind,
  table: BackupTable,
): AsyncGenerator<string | Buffer> {
  const names = table.columns.map((column) => column.name);
  const list = names.map(() => '??').join(', ');
  if (kind === 'postgres') {
    const sql = trx.raw(`copy ?? (${list}) to stdout`, [table.name, ...names]).toQuery();
    yield* (await copyOut(trx, sql)).chunks;
    return;
  }
  // format's %s is the type's output function, as COPY writes it (a cast to text is not, for
  // some: true::text is 'true' where COPY writes 't').
  const select = names.map(() => `case when ?? is null then null else format('%s', ??) end`);
  await trx.raw(
    `declare scr_backup_rows no scroll cursor for select ${select.join(', ')} from ??`,
    [...names.flatMap((name) => [name, name]), table.name],
  );
  let batch = 16;
  for (;;) {
    const { rows } = await trx
      .raw(`fetch forward ${batch} from scr_backup_rows`)
      .options({ rowMode: 'array' });
    if (rows.length === 0) break;
    const text = (rows as (string | null)[][])
      .map((row) => `${row.map(copyField).join('\t')}\n`)
      .join('');
    yield text;
    const perRow = Math.max(1, text.length / rows.length);
    batch = Math.min(10_000, Math.max(16, Math.floor(fetchBytes / perRow)));
  }
  await trx.raw('close scr_backup_rows');
}

/** The number of lines (rows) in a chunk of COPY text. */
export function lineCount(chunk: string | Buffer): number {
  let count = 0;
  const newline = typeof chunk === 'string' ? '\n' : 0x0a;
  for (
    let at = chunk.indexOf(newline as never);
    at !== -1;
    at = chunk.indexOf(newline as never, at + 1)
  ) {
    count += 1;
  }
  return count;
}
