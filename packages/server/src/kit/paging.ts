import { Type } from '@feathersjs/typebox';
import type { Knex } from 'knex';
import type { Page } from '@scr/domain';

/** Access spec §9: 10, 25 or 50 rows a page; machines may ask up to 100. */
export const defaultPageSize = 25;
export const maxPageSize = 100;

/** `$limit` and `$skip` for a query schema. */
export const pagingProperties = {
  $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxPageSize })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
};

/** A page of rows, as Feathers' own paginated `find` answers it (domain `api/page.ts`). */
export type { Page };

/**
 * Runs a list query one page at a time: `count(*)` of the filtered query, then the page. The
 * query must not have an order or a select yet; `order` and `select` are applied to the page.
 */
export async function pageOf<Row, T>(
  query: Knex.QueryBuilder,
  options: {
    paging: { $limit?: number; $skip?: number };
    select: (builder: Knex.QueryBuilder) => Knex.QueryBuilder;
    present: (row: Row) => T;
  },
): Promise<Page<T>> {
  const limit = options.paging.$limit ?? defaultPageSize;
  const skip = options.paging.$skip ?? 0;
  const [counted] = await query.clone().clearSelect().clearOrder().count({ total: '*' });
  const rows: Row[] = await options.select(query.clone()).limit(limit).offset(skip);
  return {
    total: Number((counted as { total: number | string } | undefined)?.total ?? 0),
    limit,
    skip,
    data: rows.map(options.present),
  };
}

/** Escapes `%`, `_` and `\` for a LIKE pattern, so a search finds the text as typed. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
