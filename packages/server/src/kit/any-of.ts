import type { Knex } from 'knex';

/**
 * `column = any(values)` for `whereRaw`: one array parameter however many values. A
 * `whereIn` of a 10,000-release action binds 10,000 parameters, and building, numbering and
 * sending them holds the event loop for tens of milliseconds a query (docs/production.md, "Heavy work and its budgets").
 * `type` is the column's: ids are `bigint`, addresses `text`.
 */
export function anyOf(
  column: string,
  values: readonly (string | number)[],
  type: 'bigint' | 'text',
): [string, Knex.RawBinding[]] {
  return [`?? = any(?::${type}[])`, [column, values.map(String)]];
}
