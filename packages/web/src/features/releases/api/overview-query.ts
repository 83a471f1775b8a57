import type { DashboardSlice, OverviewFilter } from '@scr/domain';
import { overviewFilterFields } from '@scr/domain';

/** One column sorted, as the table holds it. */
export interface SortColumn {
  id: string;
  desc: boolean;
}

/** What one page of an overview table asks the server for (releases spec §2, server-side paging). */
export interface OverviewQuery {
  search: string;
  filter: OverviewFilter;
  /** A clicked dashboard slice (`$slice[field]`, `$slice[value]`), if any. */
  slice?: DashboardSlice | null;
  limit: number;
  skip: number;
  sort: readonly SortColumn[];
}

/**
 * The Feathers query string of an overview page: `$search`, `$filter[field]`, `$limit`, `$skip`
 * and `$sort[field]=1|-1`. Empty filter fields and an empty search are left out.
 */
export function overviewSearchParams(
  query: OverviewQuery,
  extra: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams(extra);
  const search = query.search.trim();
  if (search) params.set('$search', search);
  for (const field of overviewFilterFields) {
    const value = query.filter[field];
    if (value !== undefined && value.trim() !== '') params.set(`$filter[${field}]`, value.trim());
  }
  if (query.slice) {
    params.set('$slice[field]', query.slice.field);
    params.set('$slice[value]', query.slice.value);
  }
  params.set('$limit', String(query.limit));
  params.set('$skip', String(query.skip));
  for (const { id, desc } of query.sort) params.set(`$sort[${id}]`, desc ? '-1' : '1');
  return params;
}
