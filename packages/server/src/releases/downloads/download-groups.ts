import type { DownloadBill, DownloadContainer, DownloadGroup, DownloadScope } from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../../kit/db-row.ts';
import { matchingParties } from '../../overview/matching-parties.ts';
import { overviewCriteria, type OverviewCriteria } from '../../overview/overview-criteria.ts';
import { containerRowsFor, type Viewer } from '../release-rows.ts';

type Db = Knex | Knex.Transaction;

/** How many releases are read at a time: the memory a download holds, whatever its size. */
const defaultBatchSize = 1000;

/**
 * The overview criteria of a download's scope (releases spec §5 "Download"): the selected
 * releases when there are any, whatever their validity (they were ticked on screen), else the
 * search and filter as the overview applies them. `matchingParties` then keeps the caller's own
 * rows only (DESIGN §3 "Tenancy"). A dashboard slice narrows like the overview's `$slice`.
 */
export function downloadCriteria(organizationId: number, scope: DownloadScope): OverviewCriteria {
  const selected = scope.selectedContainerAddresses ?? [];
  if (selected.length > 0) {
    return overviewCriteria(organizationId, {
      addresses: selected,
      $filter: { valid: 'showBoth' },
    });
  }
  const filter = Object.fromEntries(
    Object.entries(scope.filter ?? {}).filter(([, value]) => typeof value === 'string'),
  );
  return overviewCriteria(organizationId, {
    $search: scope.search,
    $filter: filter,
    ...(scope.slice ? { $slice: scope.slice } : {}),
  });
}

/** How many releases the download holds. */
export async function downloadCount(db: Db, criteria: OverviewCriteria): Promise<number> {
  const [row] = await db.from(matchingParties(db, criteria).select('rp.id').as('m')).count({
    total: '*',
  });
  return Number((row as { total: number | string } | undefined)?.total ?? 0);
}

/** One batch of party rows after `after` in the download's order. */
type BatchIds = { release_id: string | number; bill_of_lading_id: string | number }[];

/**
 * The download's releases, one BL group at a time, newest BL first (the overview's order),
 * read `batchSize` at a time by keyset, so a download of any size holds about two batches in
 * memory: the next batch is read while the current one is written out.
 */
export async function* downloadGroups(
  db: Db,
  viewer: Viewer,
  criteria: OverviewCriteria,
  batchSize = defaultBatchSize,
): AsyncGenerator<DownloadGroup> {
  const batchAfter = async (after: { bl: string; release: string } | null) => {
    const query = matchingParties(db, criteria)
      .select('rp.release_id', 'rp.bill_of_lading_id')
      .orderBy([
        { column: 'rp.bill_of_lading_id', order: 'desc' },
        { column: 'rp.release_id', order: 'desc' },
      ])
      .limit(batchSize);
    if (after) {
      query.whereRaw('(rp.bill_of_lading_id, rp.release_id) < (?, ?)', [after.bl, after.release]);
    }
    const ids: BatchIds = await query;
    if (ids.length === 0) return null;
    const [rows, bills] = await Promise.all([
      containerRowsFor(
        db,
        viewer,
        ids.map((id) => id.release_id),
      ),
      billsOf(db, [...new Set(ids.map((id) => String(id.bill_of_lading_id)))]),
    ]);
    const last = ids[ids.length - 1]!;
    const next =
      ids.length < batchSize
        ? null
        : { bl: String(last.bill_of_lading_id), release: String(last.release_id) };
    return { rows, bills, next };
  };
  let open = null as { id: string; group: DownloadGroup } | null;
  // A batch read ahead that is never awaited (the download was closed) must not reject unheard.
  const ahead = <T>(promise: Promise<T>) => {
    promise.catch(() => {});
    return promise;
  };
  let pending = ahead(batchAfter(null));
  for (;;) {
    const batch = await pending;
    if (!batch) break;
    // Read ahead: the next batch's queries run while this one's groups are written.
    pending = batch.next ? ahead(batchAfter(batch.next)) : Promise.resolve(null);
    for (const row of batch.rows) {
      const blId = String(row.billOfLadingId);
      if (open?.id !== blId) {
        if (open) yield open.group;
        open = { id: blId, group: { bill: batch.bills.get(blId)!, containers: [] } };
      }
      open.group.containers.push(containerOf(row));
    }
  }
  if (open) yield open.group;
}

function containerOf(row: Awaited<ReturnType<typeof containerRowsFor>>[number]): DownloadContainer {
  return {
    address: row.address,
    containerNumber: row.containerNumber,
    isoTypeCode: row.isoTypeCode,
    pickupLocation: row.pickupLocation,
    turnInLocation: row.turnInLocation,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    releaseStatus: row.releaseStatus,
    transferStatus: row.transferStatus,
    receivedFrom: row.receivedFrom,
    transferTo: row.transferTo,
    assignee: row.assignedDriverName ?? row.assignedBargeName ?? row.assignedTrainName,
  };
}

/** The BLs of a batch with their carrier's name, by id. */
async function billsOf(db: Db, ids: string[]): Promise<Map<string, DownloadBill>> {
  const rows: DbRow[] = await db({ b: 'bills_of_lading' })
    .join({ o: 'organizations' }, 'o.id', 'b.carrier_organization_id')
    .whereIn('b.id', ids)
    .select(
      'b.id',
      'b.bl_number',
      'b.vessel',
      'b.voyage_number',
      'b.port_of_loading',
      'b.port_of_destination',
      'o.name as carrier',
    );
  return new Map(
    rows.map((row) => [
      String(row.id),
      {
        blNumber: row.bl_number,
        vessel: row.vessel,
        voyageNumber: row.voyage_number,
        portOfLoading: row.port_of_loading,
        portOfDestination: row.port_of_destination,
        carrier: row.carrier,
      },
    ]),
  );
}
