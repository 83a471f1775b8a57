import type { BillOfLadingRow, billOfLadingSortFields } from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../kit/db-row.ts';
import { billOfLadingOf, matchingParties } from './matching-parties.ts';
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
 * the criteria, with how many match (`containerCount`). Newest BL first by default (`createdAt`
 * orders by the BL's id, its creation order): the matching BLs are found in that order from
 * the index and counted up to `countCap.bl`. Sorting on a BL column ranks every matching BL
 * and counts them exactly.
 */
export async function billOfLadingPage(
  db: Db,
  criteria: OverviewCriteria,
  paging: OverviewPaging<BillOfLadingSortField>,
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
  if (inCreationOrder) {
    groups.orderBy('rp.bill_of_lading_id', direction).limit(bound + 1);
    page = db('matched')
      .select('bill_of_lading_id', 'container_count')
      .select(db('matched').count('*').as('total'))
      .orderBy('bill_of_lading_id', direction);
  } else {
    // The key of each matching BL, looked up by primary key (never a scan of every BL).
    const keyed = db({ m: 'matched' }).select(
      'm.*',
      db.raw(`${billOfLadingOf(sortKey, 'm.bill_of_lading_id')} as sort_key`),
    );
    const order = `sort_key ${direction} nulls last, bill_of_lading_id desc`;
    page = db
      .from(keyed.as('k'))
      .select('bill_of_lading_id', 'container_count')
      .select(
        db.raw('count(*) over () as total'),
        db.raw(`row_number() over (order by ${order}) as n`),
      )
      .orderBy('n');
  }
  const rows: DbRow[] = await db
    .with('matched', groups)
    .with('page', page.limit(limit).offset(skip))
    .from('page')
    .join({ b: 'bills_of_lading' }, 'b.id', 'page.bill_of_lading_id')
    .join({ o: 'organizations' }, 'o.id', 'b.carrier_organization_id')
    .select('page.*', ...blColumns, 'o.name as creator_name')
    .select(securePickup(db, criteria.organizationId))
    .orderBy(
      inCreationOrder ? 'page.bill_of_lading_id' : 'page.n',
      inCreationOrder ? direction : 'asc',
    );
  const counted = rows[0] ? Number(rows[0].total) : skip > 0 ? await countOf(db, groups) : 0;
  return {
    ...(inCreationOrder ? cappedTotal(counted, bound) : { total: counted, totalCapped: false }),
    limit,
    skip,
    data: rows.map(presentBillOfLading),
  };
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

function presentBillOfLading(row: DbRow): BillOfLadingRow {
  return {
    id: Number(row.bill_of_lading_id),
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
  };
}
