import type { Knex } from 'knex';

/**
 * Rows per statement: a 1,000-row statement of ledger statements (the largest rows, some 800
 * bytes each) is one parameter of about 1 MB.
 */
const rowsPerStatement = 1_000;

/**
 * Inserts many rows with one parameter a statement, the rows as a JSON array:
 * `insert into t (columns) select columns from json_populate_recordset(null::t, $1)`. Each value
 * is read as its column's type in the table itself, so no list of types is kept here, and a
 * row costs one `JSON.stringify` rather than a binding per value that Knex numbers, pg
 * serialises and PostgreSQL parses and plans anew (a 500-row `insert … values` of 26 columns
 * binds 13,000: docs/production.md, "Heavy work and its budgets"). The columns are the rows'
 * members; a member missing or undefined is null (not the column's default). A json or jsonb
 * column takes the value itself (an object), not its text. `tail` follows the select
 * (`on conflict …`, `returning …`); what it returns is answered, statement after statement.
 */
export async function insertJsonRows<R = Record<string, unknown>>(
  db: Knex | Knex.Transaction,
  table: string,
  rows: readonly Record<string, unknown>[],
  tail = '',
  tailBindings: readonly Knex.Value[] = [],
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const list = columns.map(() => '??').join(', ');
  const answered: R[] = [];
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    const json = JSON.stringify(rows.slice(i, i + rowsPerStatement));
    const result = await db.raw(
      `insert into ?? (${list}) select ${list} from json_populate_recordset(null::??, ?::json) ${tail}`,
      [table, ...columns, ...columns, table, json, ...tailBindings],
    );
    answered.push(...((result as { rows?: R[] }).rows ?? []));
  }
  return answered;
}
