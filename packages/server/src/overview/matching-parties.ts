import { validityRange } from '@scr/domain';
import type { Knex } from 'knex';
import { likePattern } from '../kit/paging.ts';
import { applySlice } from './dashboard-slice.ts';
import type { OverviewCriteria } from './overview-criteria.ts';
import { billOfLadingOf, releaseOf } from './row-lookups.ts';

type Db = Knex | Knex.Transaction;

/** Text filter fields and the columns each is matched against (`r`: release, `b`: its BL). */
const textColumns = {
  blNumber: ['b.bl_number'],
  containerNumber: ['r.container_number'],
  vessel: ['b.vessel'],
  voyageNumber: ['b.voyage_number'],
  pickupLocation: ['r.pickup_location'],
  pickupPort: ['r.pickup_port'],
  // Releases spec §3: a turn-in location per mode of transport; the filter matches any of them.
  turnInLocation: ['r.turn_in_location', 'r.turn_in_location_barge', 'r.turn_in_location_rail'],
} as const;

/** The fields that domain `releaseSearchText` puts in a party row's `search_text`. */
const inSearchText = new Set([
  'blNumber',
  'containerNumber',
  'vessel',
  'voyageNumber',
  'pickupLocation',
]);

/** Case-insensitive substring, as the search text is stored: lowered (domain `releaseSearchText`). */
const contains = (text: string) => likePattern(text.toLowerCase());

export { billOfLadingOf, releaseOf } from './row-lookups.ts';

/**
 * The viewing organisation's active party rows (`rp`) that match the criteria: its own chain
 * only (DESIGN §3 "Tenancy"). Search, validity and statuses read the party row's own copies
 * (an index-only scan). The other filter fields look at the release or its BL by primary key,
 * row by row (a correlated subquery, never a join the planner could turn into a scan of all
 * releases), after a necessary condition on `search_text` where the field is part of it, so
 * the indexes narrow first. Deleted releases are left out unless the filter asks for them.
 */
export function matchingParties(db: Db, criteria: OverviewCriteria): Knex.QueryBuilder {
  const query = db({ rp: 'release_parties' })
    .where('rp.organization_id', criteria.organizationId)
    .where('rp.active', true);
  // A dashboard slice brings its own validity: the dashboard's horizon (`applySlice`).
  const { from, to } = criteria.slice
    ? { from: null, to: null }
    : validityRange(criteria.valid, criteria.today);
  if (criteria.slice) applySlice(query, criteria.slice, criteria.today);
  if (from) query.where('rp.valid_until', '>=', from);
  if (to) query.where('rp.valid_until', '<=', to);
  const { filter } = criteria;
  if (filter.releaseStatus) query.where('rp.release_status', filter.releaseStatus);
  else query.whereNot('rp.release_status', 'deleted');
  if (filter.transferStatus) query.where('rp.transfer_status', filter.transferStatus);
  if (criteria.search) query.where('rp.search_text', 'like', contains(criteria.search));

  const onRelease: { sql: string; bindings: string[] }[] = [];
  const onBl: { sql: string; bindings: string[] }[] = [];
  for (const [field, columns] of Object.entries(textColumns)) {
    const value = filter[field as keyof typeof textColumns];
    if (!value) continue;
    if (inSearchText.has(field)) query.where('rp.search_text', 'like', contains(value));
    const condition = {
      sql: `(${columns.map((column) => `lower(${column}) like ?`).join(' or ')})`,
      bindings: columns.map(() => contains(value)),
    };
    (columns[0].startsWith('r.') ? onRelease : onBl).push(condition);
  }
  const all = (conditions: typeof onRelease) => conditions.map((c) => c.sql).join(' and ');
  const bindings = (conditions: typeof onRelease) => conditions.flatMap((c) => c.bindings);
  if (onRelease.length > 0) query.whereRaw(releaseOf(all(onRelease)), bindings(onRelease));
  if (onBl.length > 0) query.whereRaw(billOfLadingOf(all(onBl)), bindings(onBl));
  narrowToLists(db, query, criteria);
  return query;
}

/** `addresses`, `blNumber`, `billOfLadingId` and `containerNumber` lists (spec §7). */
function narrowToLists(db: Db, query: Knex.QueryBuilder, criteria: OverviewCriteria) {
  // Any case, as typed: `upper(…)` is what the 0012 indexes hold.
  const upperIn = (builder: Knex.QueryBuilder, column: string, items: string[]) =>
    items.length === 0
      ? builder.whereRaw('false')
      : builder.whereRaw(`upper(${column}) = any(?::text[])`, [
          items.map((item) => item.toUpperCase()),
        ]);
  if (criteria.addresses) {
    query.whereIn(
      'rp.release_id',
      db('releases').select('id').whereIn('address', criteria.addresses),
    );
  }
  if (criteria.containerNumbers) {
    query.whereIn(
      'rp.release_id',
      upperIn(db('releases').select('id'), 'container_number', criteria.containerNumbers),
    );
  }
  if (criteria.blNumbers) {
    query.whereIn(
      'rp.bill_of_lading_id',
      upperIn(db('bills_of_lading').select('id'), 'bl_number', criteria.blNumbers),
    );
  }
  if (criteria.billOfLadingIds) query.whereIn('rp.bill_of_lading_id', criteria.billOfLadingIds);
}
