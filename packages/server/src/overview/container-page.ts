import type { ContainerRow, containerSortFields } from '@scr/domain';
import type { Knex } from 'knex';
import { containerRowsFor, type Viewer } from '../releases/release-rows.ts';
import { matchingParties, releaseOf } from './matching-parties.ts';
import type { OverviewCriteria } from './overview-criteria.ts';
import { cappedTotal, countCap, type OverviewPage, type OverviewPaging } from './overview-page.ts';
import {
  countUpTo,
  isWalkedSortField,
  sortOrder,
  walkedSortKeys,
  walkParties,
  type WalkedSortField,
} from './sorted-walk.ts';

type Db = Knex | Knex.Transaction;
export type ContainerSortField = (typeof containerSortFields)[number];

/**
 * What each sortable column orders by, besides the keys the party rows copy (`walkedSortKeys`):
 * the party row's copy, or the release's own.
 */
const sortKeys: Record<Exclude<ContainerSortField, WalkedSortField>, string> = {
  validFrom: releaseOf('r.valid_from'),
  validUntil: 'rp.valid_until',
  pickupLocation: releaseOf('lower(r.pickup_location)'),
  releaseStatus: 'rp.release_status',
  transferStatus: 'rp.transfer_status',
  // Release ids follow creation.
  createdAt: 'rp.release_id',
};

/**
 * Releases spec §2 tab 2 (and a BL's containers when expanded): one row per release of the
 * viewer matching the criteria, as the viewer sees it (its own transfer status, from whom it
 * received it, to whom it passed it on). Default order: newest BL first, then newest release,
 * counted up to `countCap.container`; a sort on a key the party rows copy reads larger
 * histories off that key's index, and any other sort ranks every match and counts exactly.
 */
export async function containerPage(
  db: Db,
  viewer: Viewer,
  criteria: OverviewCriteria,
  paging: OverviewPaging<ContainerSortField>,
): Promise<OverviewPage<ContainerRow>> {
  const { limit, skip, sort } = paging;
  let ids: { release_id: string; total: string | number }[];
  let totals: { total: number; totalCapped: boolean };
  if (!sort) {
    const bound = Math.max(countCap.container, skip + limit);
    const matched = matchingParties(db, criteria)
      .select('rp.release_id', 'rp.bill_of_lading_id')
      .orderBy([
        { column: 'rp.bill_of_lading_id', order: 'desc' },
        { column: 'rp.release_id', order: 'desc' },
      ])
      .limit(bound + 1);
    ids = await db
      .with('matched', matched)
      .from('matched')
      .select('release_id', db('matched').count('*').as('total'))
      .orderBy([
        { column: 'bill_of_lading_id', order: 'desc' },
        { column: 'release_id', order: 'desc' },
      ])
      .limit(limit)
      .offset(skip);
    const counted = ids[0] ? Number(ids[0].total) : skip > 0 ? await countOf(db, matched) : 0;
    totals = cappedTotal(counted, bound);
  } else {
    // A sort on a key the party rows copy: beyond `countCap.container` matches, the page is
    // read off that key's index (`sorted-walk.ts`) and the count stops there; below, ranking
    // them all is cheap and counts exactly. Any other key ranks every match.
    const walkable = isWalkedSortField(sort.field);
    const bound = Math.max(countCap.container, skip + limit);
    const capped = walkable
      ? (await countUpTo(db, matchingParties(db, criteria).select('rp.release_id'), bound)) > bound
      : false;
    if (capped) {
      const walked = await walkParties(
        db,
        criteria,
        sort.field as WalkedSortField,
        sort.descending,
        skip + limit,
        (rows) => rows.length >= skip + limit,
      );
      ids = walked.slice(skip, skip + limit).map((row) => ({ ...row, total: bound + 1 }));
      totals = cappedTotal(bound + 1, bound);
    } else {
      const matched = matchingParties(db, criteria);
      const key = isWalkedSortField(sort.field)
        ? walkedSortKeys[sort.field]
        : sortKeys[sort.field as Exclude<ContainerSortField, WalkedSortField>];
      const keyed = matched
        .clone()
        .select('rp.release_id', 'rp.bill_of_lading_id', db.raw(`${key} as sort_key`));
      ids = await db
        .from(keyed.as('k'))
        .select('release_id', db.raw('count(*) over () as total'))
        .orderByRaw(sortOrder('sort_key', sort.descending))
        .limit(limit)
        .offset(skip);
      const counted = ids[0]
        ? Number(ids[0].total)
        : skip > 0
          ? await countOf(db, matched.select('rp.id'))
          : 0;
      totals = { total: counted, totalCapped: false };
    }
  }
  const data = await containerRowsFor(
    db,
    viewer,
    ids.map((row) => row.release_id),
  );
  return { ...totals, limit, skip, data };
}

async function countOf(db: Db, matched: Knex.QueryBuilder): Promise<number> {
  const [row] = await db.from(matched.as('m')).count({ total: '*' });
  return Number((row as { total: number | string } | undefined)?.total ?? 0);
}
