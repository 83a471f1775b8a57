import { defaultRowLimit, rowsPerPageOptions, type OverviewView } from '@scr/domain';

/**
 * A page of the overview: Feathers' `{total, limit, skip, data}` plus `totalCapped`. In the
 * default order (newest first) the count stops at `countCap` (or just past the page asked
 * for): `totalCapped: true` then says there are more than `total`. Other sort orders must
 * rank every match anyway and always count exactly.
 */
export type { OverviewPage } from '@scr/domain';

/**
 * How many BLs (grouped view) or containers (flat view) the default order counts at most:
 * 100 pages of the largest page size. Counting a broad search over an organisation with a
 * hundred thousand releases in full costs more than the page itself (see bench/README.md).
 */
export const countCap: Record<OverviewView, number> = { bl: 1000, container: 5000 };

/** The most rows a page holds (releases spec §9: 10, 25 or 50). */
export const maxRowLimit = Math.max(...rowsPerPageOptions);

/** Paging and sorting as a find asks for it. */
export interface OverviewPaging<Field extends string> {
  limit: number;
  skip: number;
  /** Null: the default order, newest BL first. */
  sort: { field: Field; descending: boolean } | null;
}

/**
 * `$limit`, `$skip` and `$sort` of a validated query: the view's default limit (10 BLs, 50
 * containers), more than 50 asked → 50; the first sort field named, 1 ascending, -1 descending.
 */
export function overviewPaging<Field extends string>(
  view: OverviewView,
  sortFields: readonly Field[],
  query: { $limit?: number; $skip?: number; $sort?: Record<string, number | undefined> },
): OverviewPaging<Field> {
  const sorted = Object.entries(query.$sort ?? {}).find(
    (entry): entry is [Field, number] =>
      (sortFields as readonly string[]).includes(entry[0]) && entry[1] !== undefined,
  );
  return {
    limit: Math.min(query.$limit ?? defaultRowLimit[view], maxRowLimit),
    skip: query.$skip ?? 0,
    sort: sorted ? { field: sorted[0], descending: sorted[1] < 0 } : null,
  };
}

/** The total of a capped count: `counted` rows were found with a bound of `bound` (+1 probe). */
export function cappedTotal(counted: number, bound: number) {
  return counted > bound
    ? { total: bound, totalCapped: true }
    : { total: counted, totalCapped: false };
}
