import type { Knex } from 'knex';
import { matchingParties } from './matching-parties.ts';
import type { OverviewCriteria } from './overview-criteria.ts';

type Db = Knex | Knex.Transaction;

/**
 * The sort fields whose keys every party row copies (migration 0043), each read in order along
 * an index of its own: a page sorted on one of them costs the page, whatever the size of the
 * organisation's history (README "Performance at port volume").
 */
export const walkedSortKeys = {
  containerNumber: 'rp.sort_container_number',
  blNumber: 'rp.sort_bl_number',
  vessel: 'rp.sort_vessel',
} as const;

export type WalkedSortField = keyof typeof walkedSortKeys;

export const isWalkedSortField = (field: string): field is WalkedSortField =>
  Object.hasOwn(walkedSortKeys, field);

/** The keys that may be empty (a BL without a vessel); the others always have one. */
const mayBeEmpty: ReadonlySet<WalkedSortField> = new Set(['vessel']);

/**
 * The order of a sorted page, as its index reads (forwards when ascending, backwards when
 * descending): the key, empty keys last, then BL and release newest first when ascending and
 * oldest first when descending. Ranking and walking order alike, so a page is the same however
 * it was found.
 */
export function sortOrder(key: string, descending: boolean, bl = 'bill_of_lading_id') {
  const [keyDirection, tieDirection] = descending ? ['desc', 'asc'] : ['asc', 'desc'];
  return `${key} ${keyDirection} nulls last, ${bl} ${tieDirection}, release_id ${tieDirection}`;
}

/** A party row of a walk: its place in the order and what it names. */
export interface WalkedParty {
  release_id: string;
  bill_of_lading_id: string;
  sort_key: string | null;
}

/**
 * The matching party rows in the order of a copied sort key, from the start: `wanted` decides,
 * batch by batch, whether enough has been read (a page's releases, or a page's distinct BLs).
 * Rows with a key come first, read along the key's index; then those without (a BL with no
 * vessel), read along the overview's order index. Each batch goes on from where the last one
 * stopped (a keyset), so no row is read twice and none is skipped.
 */
export async function walkParties(
  db: Db,
  criteria: OverviewCriteria,
  field: WalkedSortField,
  descending: boolean,
  batchSize: number,
  enough: (rows: WalkedParty[]) => boolean,
): Promise<WalkedParty[]> {
  const key = walkedSortKeys[field];
  const [keyDirection, tieDirection] = descending ? ['desc', 'asc'] : ['asc', 'desc'];
  const ties = tieDirection === 'desc' ? '<' : '>';
  const rows: WalkedParty[] = [];
  for (const withKey of mayBeEmpty.has(field) ? [true, false] : [true]) {
    let last: WalkedParty | null = null;
    for (;;) {
      const batch = matchingParties(db, criteria)
        .select('rp.release_id', 'rp.bill_of_lading_id', db.raw(`${key} as sort_key`))
        .limit(batchSize);
      if (withKey) {
        batch
          .whereNotNull(key)
          .orderByRaw(
            `${key} ${keyDirection}, rp.bill_of_lading_id ${tieDirection}, rp.release_id ${tieDirection}`,
          );
        if (last) {
          // After (key, BL, release): a later key, or the same key and a later tie.
          batch.whereRaw(
            `${key} ${keyDirection === 'asc' ? '>=' : '<='} ? and (${key} ${keyDirection === 'asc' ? '>' : '<'} ? or (rp.bill_of_lading_id, rp.release_id) ${ties} (?, ?))`,
            [last.sort_key, last.sort_key, last.bill_of_lading_id, last.release_id],
          );
        }
      } else {
        batch
          .whereNull(key)
          .orderByRaw(`rp.bill_of_lading_id ${tieDirection}, rp.release_id ${tieDirection}`);
        if (last) {
          batch.whereRaw(`(rp.bill_of_lading_id, rp.release_id) ${ties} (?, ?)`, [
            last.bill_of_lading_id,
            last.release_id,
          ]);
        }
      }
      const read: WalkedParty[] = await batch;
      rows.push(...read.map((row) => ({ ...row, release_id: String(row.release_id) })));
      if (enough(rows)) return rows;
      if (read.length < batchSize) break;
      last = read[read.length - 1]!;
    }
  }
  return rows;
}

/**
 * How many rows a query answers, counting no further than `bound` + 1: enough to tell a
 * history too large to rank (walk it instead) from one that is cheap to rank whole.
 */
export async function countUpTo(db: Db, rows: Knex.QueryBuilder, bound: number): Promise<number> {
  const [row] = await db.from(rows.limit(bound + 1).as('c')).count({ total: '*' });
  return Number((row as { total: number | string } | undefined)?.total ?? 0);
}

/**
 * Releases spec §2 tab 1 sorted on a copied key over a history too large to rank: the page's
 * BLs, read off the walk (a BL's rows share its key, so they come together), numbered from 1 as
 * the ranked page numbers them, with how many of each one's releases match. Null when the
 * matching BLs number no more than `bound`: ranking them all is cheap then, and counts exactly.
 */
export async function walkedBillsOfLading(
  db: Db,
  criteria: OverviewCriteria,
  sort: { field: WalkedSortField; descending: boolean },
  page: { skip: number; limit: number; bound: number },
): Promise<{ bill_of_lading_id: string; container_count: number; n: number }[] | null> {
  const groups = matchingParties(db, criteria)
    .select('rp.bill_of_lading_id')
    .groupBy('rp.bill_of_lading_id')
    .orderBy('rp.bill_of_lading_id', 'desc');
  if ((await countUpTo(db, groups, page.bound)) <= page.bound) return null;
  const wanted = page.skip + page.limit;
  const distinct = (rows: WalkedParty[]) => [...new Set(rows.map((row) => row.bill_of_lading_id))];
  const walked = await walkParties(
    db,
    criteria,
    sort.field,
    sort.descending,
    Math.max(200, wanted * 5),
    (rows) => distinct(rows).length >= wanted,
  );
  const ids = distinct(walked).slice(0, wanted).map(String);
  const shown = ids.slice(page.skip);
  const counts = new Map<string, number>();
  if (shown.length > 0) {
    const rows: { bill_of_lading_id: string; container_count: string | number }[] =
      await matchingParties(db, criteria)
        .whereRaw('rp.bill_of_lading_id = any(?::bigint[])', [shown])
        .groupBy('rp.bill_of_lading_id')
        .select('rp.bill_of_lading_id')
        .count({ container_count: '*' });
    for (const row of rows) counts.set(String(row.bill_of_lading_id), Number(row.container_count));
  }
  return ids.map((id, i) => ({
    bill_of_lading_id: id,
    container_count: counts.get(id) ?? 0,
    n: i + 1,
  }));
}
