import {
  assignLocationLabel,
  billOfLadingAssignLocation,
  defaultLanguage,
  maxBillOfLadingContainers,
  type AssignLocation,
  type BillOfLadingRow,
  type billOfLadingSortFields,
  type ContainerRow,
  type Language,
} from '@scr/domain';
import type { Knex } from 'knex';
import { anyOf } from '../kit/any-of.ts';
import type { DbRow } from '../kit/db-row.ts';
import { billOfLadingAddress } from '../releases/release-address.ts';
import { assignLocations } from './assign-locations.ts';
import { containerRowsOf, type Viewer } from '../releases/release-rows.ts';
import { billOfLadingOf, matchingParties } from './matching-parties.ts';
import { isWalkedSortField, walkedBillsOfLading } from './sorted-walk.ts';
import type { OverviewCriteria } from './overview-criteria.ts';
import { cappedTotal, countCap, type OverviewPage, type OverviewPaging } from './overview-page.ts';

type Db = Knex | Knex.Transaction;
export type BillOfLadingSortField = (typeof billOfLadingSortFields)[number];

/** The BL's own columns a row shows (not its terms, which can be long). */
const blColumns = [
  'bl_number',
  'port_of_loading',
  'port_of_destination',
  'vessel',
  'agent',
  'stay_number',
  'lloyds_number',
  'voyage_number',
].map((column) => `b.${column}`);

/** What each sortable BL column orders by; text case-insensitively, empty values last. */
const sortKeys: Record<Exclude<BillOfLadingSortField, 'createdAt'>, string> = {
  blNumber: 'lower(b.bl_number)',
  vessel: 'lower(b.vessel)',
  agent: 'lower(b.agent)',
  voyageNumber: 'lower(b.voyage_number)',
};

/**
 * Releases spec §2 tab 1: one row per BL with at least one of the viewer's releases matching
 * the criteria, with how many match (`containerCount`) and (§3) those containers as the viewer
 * sees them (`blContainers`, one batch for the page). Newest BL first by default (`createdAt`
 * orders by the BL's id, its creation order): the matching BLs are found in that order from
 * the index and counted up to `countCap.bl`. Sorting on a BL column ranks every matching BL
 * and counts them exactly, up to `countCap.bl` of them; beyond, a sort on a key the party rows
 * copy (BL number, vessel) reads the page off that key's index and counts no further
 * (`sorted-walk.ts`). Each BL's `assignLocationLabel` is in `language` (the viewer's).
 */
export async function billOfLadingPage(
  db: Db,
  viewer: Viewer,
  criteria: OverviewCriteria,
  paging: OverviewPaging<BillOfLadingSortField>,
  language: Language = defaultLanguage,
): Promise<OverviewPage<BillOfLadingRow>> {
  const { limit, skip, sort } = paging;
  const direction = sort?.descending === false ? 'asc' : 'desc';
  const groups = matchingParties(db, criteria)
    .select('rp.bill_of_lading_id')
    .count({ container_count: '*' })
    .groupBy('rp.bill_of_lading_id');
  const sortKey = sort && sort.field !== 'createdAt' ? sortKeys[sort.field] : null;
  const inCreationOrder = sortKey === null;
  const bound = Math.max(countCap.bl, skip + limit);
  let page: Knex.QueryBuilder;
  let walked: Awaited<ReturnType<typeof walkedBillsOfLading>> = null;
  if (inCreationOrder) {
    groups.orderBy('rp.bill_of_lading_id', direction).limit(bound + 1);
    page = db('matched')
      .select('bill_of_lading_id', 'container_count')
      .select(db('matched').count('*').as('total'))
      .orderBy('bill_of_lading_id', direction);
  } else {
    // A history too large to rank, sorted on a copied key, is read off that key's index.
    walked =
      sort && isWalkedSortField(sort.field)
        ? await walkedBillsOfLading(
            db,
            criteria,
            { ...sort, field: sort.field },
            {
              skip,
              limit,
              bound,
            },
          )
        : null;
    if (walked) {
      page = walkedPage(db, walked, bound);
    } else {
      // The key of each matching BL, looked up by primary key (never a scan of every BL); ties
      // as the walk reads them (`sortOrder`).
      const keyed = db({ m: 'matched' }).select(
        'm.*',
        db.raw(`${billOfLadingOf(sortKey, 'm.bill_of_lading_id')} as sort_key`),
      );
      const order = `sort_key ${direction} nulls last, bill_of_lading_id ${direction === 'asc' ? 'desc' : 'asc'}`;
      page = db
        .from(keyed.as('k'))
        .select('bill_of_lading_id', 'container_count')
        .select(
          db.raw('count(*) over () as total'),
          db.raw(`row_number() over (order by ${order}) as n`),
        )
        .orderBy('n');
    }
  }
  const rows: DbRow[] = await db
    .with('matched', groups)
    .with('page', page.limit(limit).offset(skip))
    .from('page')
    .join({ b: 'bills_of_lading' }, 'b.id', 'page.bill_of_lading_id')
    .join({ o: 'organizations' }, 'o.id', 'b.carrier_organization_id')
    .select('page.*', ...blColumns, 'o.name as creator_name', 'o.address as carrier_address')
    .select(securePickup(db, criteria.organizationId))
    .orderBy(
      inCreationOrder ? 'page.bill_of_lading_id' : 'page.n',
      inCreationOrder ? direction : 'asc',
    );
  const counted = rows[0] ? Number(rows[0].total) : skip > 0 ? await countOf(db, groups) : 0;
  const containers = await blContainers(
    db,
    viewer,
    criteria,
    rows.map((row) => row.bill_of_lading_id),
  );
  const locations = rows.length > 0 ? await assignLocations(db) : [];
  return {
    ...(inCreationOrder || walked
      ? cappedTotal(counted, bound)
      : { total: counted, totalCapped: false }),
    limit,
    skip,
    data: rows.map((row) =>
      presentBillOfLading(row, containers.get(String(row.bill_of_lading_id)) ?? [], {
        locations,
        language,
      }),
    ),
  };
}

/**
 * Releases spec §3 "Bill of lading: containers": the page's BLs' releases that match the
 * criteria, newest first, at most `maxBillOfLadingContainers` a BL, as the viewer sees them: the
 * same party rows the count counted, with their rows, in one statement for the page.
 */
async function blContainers(
  db: Db,
  viewer: Viewer,
  criteria: OverviewCriteria,
  billOfLadingIds: readonly (number | string)[],
): Promise<Map<string, ContainerRow[]>> {
  const byBl = new Map<string, ContainerRow[]>();
  if (billOfLadingIds.length === 0) return byBl;
  const ranked = matchingParties(db, criteria)
    .whereRaw(...anyOf('rp.bill_of_lading_id', billOfLadingIds, 'bigint'))
    .select(
      'rp.release_id',
      db.raw(
        'row_number() over (partition by rp.bill_of_lading_id order by rp.release_id desc) as n',
      ),
    );
  const ids = db
    .from(ranked.as('m'))
    .where('n', '<=', maxBillOfLadingContainers)
    .select('release_id');
  for (const row of await containerRowsOf(db, viewer, ids)) {
    const key = String(row.billOfLadingId);
    if (!byBl.has(key)) byBl.set(key, []);
    byBl.get(key)!.push(row);
  }
  return byBl;
}

/** A walked page's BLs as the rows of `page`; its total says "more than `bound`". */
function walkedPage(
  db: Db,
  walked: NonNullable<Awaited<ReturnType<typeof walkedBillsOfLading>>>,
  bound: number,
) {
  const values = walked.map(() => '(?::bigint, ?::bigint, ?::bigint, ?::bigint)').join(', ');
  const bindings = walked.flatMap((row) => [
    row.bill_of_lading_id,
    row.container_count,
    bound + 1,
    row.n,
  ]);
  return db
    .from(db.raw(`(values ${values}) as w(bill_of_lading_id, container_count, total, n)`, bindings))
    .select('bill_of_lading_id', 'container_count', 'total', 'n')
    .orderBy('n');
}

/** Whether any of the viewer's releases of the BL is a secure pick-up (spec §2 label). */
function securePickup(db: Db, organizationId: number) {
  return db.raw(
    `exists (select 1 from release_parties p join releases r on r.id = p.release_id
              where p.organization_id = ? and p.active and p.bill_of_lading_id = b.id
                and r.is_secure_pickup) as is_secure_pickup`,
    [organizationId],
  );
}

/** The count when the page asked for lies past the last match (so no row carries it). */
async function countOf(db: Db, groups: Knex.QueryBuilder): Promise<number> {
  const [row] = await db.from(groups.as('g')).count({ total: '*' });
  return Number((row as { total: number | string } | undefined)?.total ?? 0);
}

function presentBillOfLading(
  row: DbRow,
  containers: ContainerRow[],
  { locations, language }: { locations: readonly AssignLocation[]; language: Language },
): BillOfLadingRow {
  // Releases spec §3 "assignLocationLabel": the assign location of the containers the row holds.
  const location = billOfLadingAssignLocation(
    containers.map((container) => container.pickupLocation),
    locations,
  );
  return {
    id: Number(row.bill_of_lading_id),
    address: billOfLadingAddress(row.carrier_address, row.bl_number),
    blNumber: row.bl_number,
    portOfLoading: row.port_of_loading,
    portOfDestination: row.port_of_destination,
    vessel: row.vessel,
    agent: row.agent,
    stayNumber: row.stay_number,
    lloydsNumber: row.lloyds_number,
    voyageNumber: row.voyage_number,
    isSecurePickup: row.is_secure_pickup,
    creator: row.creator_name,
    containerCount: Number(row.container_count),
    containers,
    assignLocationLabel: location ? assignLocationLabel(location, language) : null,
  };
}
