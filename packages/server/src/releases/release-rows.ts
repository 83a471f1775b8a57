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
import { anyOf } from '../kit/any-of.ts';
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
export function presentContainerRow(
  row: DbRow,
  viewer: Viewer,
  pincodeLogs: PincodeLogView[] = [],
): ContainerRow {
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
    pincode_logs: pincodeLogs,
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
    const ids = releaseIds.slice(i, i + 1000);
    const result = await db.raw(
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
                as has_pincode
         from releases r
         join bills_of_lading bl on bl.id = r.bill_of_lading_id
         join release_parties p on p.release_id = r.id and p.organization_id = ? and p.active
         left join organizations rf on rf.id = p.received_from_organization_id
         left join organizations tt on tt.id = p.transferred_to_organization_id
         join organizations ow on ow.id = r.owner_organization_id
         join organizations cr on cr.id = r.carrier_organization_id
         left join release_assignments ra on ra.release_id = r.id
         left join terminals gt on gt.code = r.pickup_location
        where r.id in (${ids.map(() => '?').join(', ')})
        order by r.id, p.position desc`,
      [viewer.organizationId, ...ids],
    );
    rows.push(...(result.rows as DbRow[]));
  }
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const logs = await pincodeLogsOf(db, viewer, [...byId.keys()]);
  return releaseIds.flatMap((id) => {
    const row = byId.get(String(id));
    return row ? [presentContainerRow(row, viewer, logs.get(String(id)))] : [];
  });
}

/**
 * Releases spec §3 "pincode_logs" of these releases, one query for all of them: each signed
 * `pincode` event of the ledger (who retrieved the pincode, when), the viewer's own only unless
 * it reads audit trails (domain `pincodeLogReach`). The sealed copies are never read here.
 */
async function pincodeLogsOf(
  db: Knex | Knex.Transaction,
  viewer: Viewer,
  releaseIds: readonly string[],
): Promise<Map<string, PincodeLogView[]>> {
  const logs = new Map<string, PincodeLogView[]>();
  if (releaseIds.length === 0) return logs;
  const query = db('release_events as e')
    .join('organizations as o', 'o.id', 'e.source_organization_id')
    .whereRaw(...anyOf('e.release_id', releaseIds, 'bigint'))
    .where('e.operation', 'pincode')
    .orderBy(['e.release_id', 'e.sequence'])
    .select('e.release_id', 'o.address', 'o.name', 'e.created_at');
  if (pincodeLogReach(viewer.readsAuditTrail ?? false) === 'own') {
    query.where('e.source_organization_id', viewer.organizationId);
  }
  for (const row of (await query) as DbRow[]) {
    const id = String(row.release_id);
    if (!logs.has(id)) logs.set(id, []);
    logs.get(id)!.push({
      organizationAddress: row.address,
      organizationName: row.name,
      retrievedAt: iso(row.created_at),
    });
  }
  return logs;
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
