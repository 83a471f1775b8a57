import type { Knex } from 'knex';

/** A column of `insertUnnest`, with its PostgreSQL type (the arrays' element type). */
export type UnnestColumn = readonly [name: string, type: string];

/**
 * Rows per statement: the arrays have no parameter limit, but pg escapes each array element on
 * the event loop (a JSON text costs most): 1,000 rows keep that to some 15 ms a statement.
 */
const rowsPerStatement = 1_000;

/**
 * Inserts many rows as `insert … select * from unnest($1::type[], …)`: one array parameter per
 * column, however many rows. A multi-row `insert … values` of 500 rows of 15 columns binds 7,500
 * parameters, which Knex numbers, pg serialises and PostgreSQL parses and plans anew each time:
 * 70 to 90 ms a chunk on the test machine, most of it on the event loop or in the planner, where
 * the arrays take a fraction (docs/production.md, "Heavy work and its budgets"). Values are as `insert` takes them (JSON as text).
 */
export async function insertUnnest(
  trx: Knex.Transaction,
  table: string,
  columns: readonly UnnestColumn[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const names = columns.map(() => '??').join(', ');
  const arrays = columns.map(([, type]) => `?::${type}[]`).join(', ');
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    const chunk = rows.slice(i, i + rowsPerStatement);
    await trx.raw(`insert into ?? (${names}) select * from unnest(${arrays})`, [
      table,
      ...columns.map(([name]) => name),
      ...columns.map(([name]) => chunk.map((row) => row[name] ?? null) as Knex.Value),
    ]);
  }
}
