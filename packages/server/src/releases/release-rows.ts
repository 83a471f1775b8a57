import {
  ownerSeenBy,
  partyReference,
  pincodeLogReach,
  showsGreenLights,
  statusFlags,
  type ContainerRow,
  type GreenLights,
  type PincodeLogView,
} from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../kit/db-row.ts';

/** Who is looking: an organisation, and whether it sees to whom a release was passed on. */
export interface Viewer {
  organizationId: number;
  seesTransferInfo: boolean;
  /** Has canGreenLights (releases spec §6): sees the traffic light where it is shown. */
  seesGreenLights?: boolean;
  /** Reads audit trails: sees every party's pincode retrievals (domain `pincodeLogReach`). */
  readsAuditTrail?: boolean;
}

const iso = (value: unknown) => new Date(value as string).toISOString();

/**
 * One release (joined with its BL and the viewer's party row) as the viewer sees it, with the
 * pincode retrievals it may see (releases spec §3 "pincode_logs").
 */
export function presentContainerRow(row: DbRow, viewer: Viewer): ContainerRow {
  const passedToId = (row.transferred_to_organization_id as number | null) ?? null;
  return {
    id: Number(row.id),
    address: row.address,
    releaseAddress: row.address,
    version: row.version,
    billOfLadingId: Number(row.bill_of_lading_id),
    blNumber: row.bl_number,
    containerNumber: row.container_number,
    isoTypeCode: row.iso_type_code,
    vessel: row.vessel,
    voyageNumber: row.voyage_number,
    pickupLocation: row.pickup_location,
    pickupPort: row.pickup_port,
    turnInLocation: row.turn_in_location,
    turnInReference: row.turn_in_reference,
    turnInLocationBarge: row.turn_in_location_barge,
    turnInReferenceBarge: row.turn_in_reference_barge,
    turnInLocationRail: row.turn_in_location_rail,
    turnInReferenceRail: row.turn_in_reference_rail,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    releasedOn: row.released_on,
    releaseStatus: row.release_status,
    transferStatus: row.transfer_status,
    receivedFrom: row.received_from_name ?? null,
    transferTo: viewer.seesTransferInfo ? (row.transfer_to_name ?? null) : null,
    prevParty: partyReference(row.received_from_address),
    nextParty: viewer.seesTransferInfo ? partyReference(row.transfer_to_address) : null,
    owner: ownerSeenBy({
      ownerId: row.owner_organization_id,
      ownerAddress: row.owner_address,
      viewerId: viewer.organizationId,
      passedToId,
      seesTransferInfo: viewer.seesTransferInfo,
    }),
    creator: row.creator_name,
    ediName: row.edi_name ?? null,
    ediLocode: row.edi_locode ?? null,
    ...statusFlags(row.release_status),
    isSecurePickup: row.is_secure_pickup,
    sentToPcs: row.sent_to_pcs,
    ediPcs: row.edi_pcs,
    hasPincode: row.has_pincode,
    pincode_logs: pincodeLogsOf(row),
    nextModeOfTransport: row.next_mode_of_transport ?? null,
    ...assigneeColumns(row),
    greenLights: greenLightsOf(row, viewer),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * Releases spec §3 "greenLights", §4 "Traffic light", §6 canGreenLights: the lights, where
 * domain `showsGreenLights` says the viewer sees them (BEANR, not CSP120, K420, 120 or 420).
 */
function greenLightsOf(row: DbRow, viewer: Viewer): GreenLights | null {
  const terminal = {
    code: String(row.pickup_location),
    portLocode: (row.terminal_port_locode as string | null) ?? null,
    greenLightsShown: Boolean(row.terminal_green_lights_shown),
  };
  const shown = showsGreenLights(terminal, { canGreenLights: viewer.seesGreenLights ?? false });
  return shown ? ((row.green_lights as GreenLights | null) ?? null) : null;
}

/** Releases spec §3 "assignedDriverName" …: the release's assignment, as the chain sees it. */
function assigneeColumns(row: DbRow) {
  const name = (type: string) =>
    row.assignee_type === type ? ((row.assignee_name as string | null) ?? null) : null;
  return {
    assignedDriverName: name('driver'),
    assignedBargeName: name('barge'),
    assignedTrainName: name('train'),
    assignedVisitNumber: (row.assigned_visit_number as string | null) ?? null,
  };
}

/**
 * The rows of the releases `where` picks (a condition on `r.id`), each joined with its BL, the
 * viewer's own party row and what the row names, with the pincode retrievals the viewer sees
 * (releases spec §3 "pincode_logs": the signed `pincode` events of the ledger, who and when;
 * its own organisation's only unless it reads audit trails, domain `pincodeLogReach`), all in
 * one statement. The sealed copies are never read here.
 */
function rowsWhere(db: Knex | Knex.Transaction, viewer: Viewer, where: Knex.Raw) {
  const seesChain = pincodeLogReach(viewer.readsAuditTrail ?? false) === 'chain';
  return db.raw(
    `select distinct on (r.id) r.*, bl.bl_number, bl.vessel, bl.voyage_number,
            p.transfer_status, p.transferred_to_organization_id,
            rf.name as received_from_name, rf.address as received_from_address,
            tt.name as transfer_to_name, tt.address as transfer_to_address,
            ow.address as owner_address, cr.name as creator_name,
            ra.assignee_type, ra.assignee_name, ra.visit_number as assigned_visit_number,
            gt.port_locode as terminal_port_locode,
            gt.green_lights_shown as terminal_green_lights_shown,
            exists (select 1 from release_pincodes rp
                     where rp.release_id = r.id and rp.organization_id = p.organization_id)
              as has_pincode,
            (select json_agg(json_build_object('organizationAddress', lo.address,
                                               'organizationName', lo.name,
                                               'retrievedAt', e.created_at) order by e.sequence)
               from release_events e join organizations lo on lo.id = e.source_organization_id
              where e.release_id = r.id and e.operation = 'pincode'
                and (?::boolean or e.source_organization_id = p.organization_id))
              as pincode_logs
       from releases r
       join bills_of_lading bl on bl.id = r.bill_of_lading_id
       join release_parties p on p.release_id = r.id and p.organization_id = ? and p.active
       left join organizations rf on rf.id = p.received_from_organization_id
       left join organizations tt on tt.id = p.transferred_to_organization_id
       join organizations ow on ow.id = r.owner_organization_id
       join organizations cr on cr.id = r.carrier_organization_id
       left join release_assignments ra on ra.release_id = r.id
       left join terminals gt on gt.code = r.pickup_location
      where ?
      order by r.id, p.position desc`,
    [seesChain, viewer.organizationId, where],
  );
}

/** A row's pincode retrievals as `rowsWhere` reads them, oldest first. */
function pincodeLogsOf(row: DbRow): PincodeLogView[] {
  const logs = (row.pincode_logs ?? []) as PincodeLogView[];
  return logs.map((log) => ({ ...log, retrievedAt: iso(log.retrievedAt) }));
}

/**
 * The releases (by id) that the viewer's organisation holds an active party row of, as it sees
 * them, in the order asked. Releases outside its chain are simply absent.
 */
export async function containerRowsFor(
  db: Knex | Knex.Transaction,
  viewer: Viewer,
  releaseIds: readonly (number | string)[],
): Promise<ContainerRow[]> {
  if (releaseIds.length === 0) return [];
  const rows: DbRow[] = [];
  for (let i = 0; i < releaseIds.length; i += 1000) {
    const ids = releaseIds.slice(i, i + 1000).map(String);
    const result = await rowsWhere(db, viewer, db.raw('r.id = any(?::bigint[])', [ids]));
    rows.push(...(result.rows as DbRow[]));
  }
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  return releaseIds.flatMap((id) => {
    const row = byId.get(String(id));
    return row ? [presentContainerRow(row, viewer)] : [];
  });
}

/**
 * The releases a query of release ids picks (`release_id` of its rows), as the viewer sees them,
 * in one statement with the query: newest first.
 */
export async function containerRowsOf(
  db: Knex | Knex.Transaction,
  viewer: Viewer,
  releaseIds: Knex.QueryBuilder,
): Promise<ContainerRow[]> {
  // `= any(array(…))`: the ids first, then each release by its key. `in (…)` let the planner
  // join the whole releases table instead when it misjudged how many ids come.
  const result = await rowsWhere(db, viewer, db.raw('r.id = any(array(?))', [releaseIds]));
  return (result.rows as DbRow[])
    .map((row) => presentContainerRow(row, viewer))
    .sort((a, b) => b.id - a.id);
}

/**
 * Which of these releases the organisation may see: those it holds an active party row of
 * (DESIGN §3 "Tenancy": anything else answers not found).
 */
export async function visibleReleaseIds(
  db: Knex | Knex.Transaction,
  organizationId: number,
  releaseIds: readonly (number | string)[],
): Promise<Set<string>> {
  if (releaseIds.length === 0) return new Set();
  const rows = await db('release_parties')
    .where({ organization_id: organizationId, active: true })
    .whereIn('release_id', releaseIds)
    .distinct('release_id');
  return new Set(rows.map((row: { release_id: number | string }) => String(row.release_id)));
}
