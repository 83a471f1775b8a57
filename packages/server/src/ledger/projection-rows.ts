import {
  identificationCommitment,
  LedgerReplayError,
  maskIdentification,
  pincodeHash,
  projectionDifferences,
  replayRelease,
  type GreenLights,
  type ProjectableEvent,
  type ProjectionDifference,
  type StoredReleaseState,
} from '@scr/domain';
import type { Knex } from 'knex';
import { anyOf } from '../kit/any-of.ts';
import { chainsOf } from '../kit/chains-of.ts';
import type { DbRow } from '../kit/db-row.ts';

/** An event row as replay reads it (`release_events` columns). */
export function projectableEvent(row: DbRow): ProjectableEvent {
  return {
    sequence: row.sequence,
    operation: row.operation,
    releaseVersion: row.release_version,
    sourceOrganizationId: row.source_organization_id ?? null,
    targetOrganizationId: row.target_organization_id ?? null,
    description: row.description ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    pincodeCopies: row.pincode_copies ?? null,
  };
}

/** The `release_events` columns replay needs. */
export const projectedEventColumns = [
  'release_id',
  'sequence',
  'operation',
  'release_version',
  'source_organization_id',
  'target_organization_id',
  'description',
  'created_at',
  'pincode_copies',
] as const;

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
/**
 * A `date` column as `YYYY-MM-DD`: the portal's connections read dates as text, a plain pg
 * client (a script's, a test's) as a Date at local midnight.
 */
function isoDay(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!(value instanceof Date)) return String(value).slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * The stored rows of some releases in the projection's terms (domain `StoredReleaseState`): the
 * release row, every party row, the assignment and the pincode copies (hashed), in four queries.
 */
export async function storedReleaseStates(
  db: Knex | Knex.Transaction,
  releaseIds: readonly string[],
): Promise<Map<string, StoredReleaseState & { address: string }>> {
  const states = new Map<string, StoredReleaseState & { address: string }>();
  if (releaseIds.length === 0) return states;
  const releases: DbRow[] = await db('releases')
    .whereRaw(...anyOf('id', releaseIds, 'bigint'))
    .select(
      'id',
      'address',
      'version',
      'carrier_organization_id',
      'owner_organization_id',
      'release_status',
      'valid_from',
      'valid_until',
      'gate_out_at',
      'archived_at',
      'next_mode_of_transport',
      'green_lights',
      'pcs_status',
      'sent_to_pcs',
      'pcs_reference',
    );
  const parties: DbRow[] = await db('release_parties')
    .whereRaw(...anyOf('release_id', releaseIds, 'bigint'))
    .orderBy('id')
    .select(
      'release_id',
      'organization_id',
      'position',
      'received_from_organization_id',
      'transferred_to_organization_id',
      'transfer_status',
      'active',
      'release_status',
    );
  const assignments: DbRow[] = await db('release_assignments')
    .whereRaw(...anyOf('release_id', releaseIds, 'bigint'))
    .select(
      'release_id',
      'organization_id',
      'assignee_type',
      'identification',
      'identification_type',
      'assignee_name',
      'visit_number',
      'identification_salt',
    );
  const copies: DbRow[] = await db('release_pincodes as c')
    .join('organizations as o', 'o.id', 'c.organization_id')
    .whereRaw(...anyOf('c.release_id', releaseIds, 'bigint'))
    .select('c.release_id', 'c.encrypted_pincode', 'o.address');
  for (const row of releases) {
    states.set(String(row.id), {
      address: row.address,
      version: row.version,
      carrierOrganizationId: row.carrier_organization_id,
      holderOrganizationId: row.owner_organization_id,
      releaseStatus: row.release_status,
      validFrom: isoDay(row.valid_from),
      validUntil: isoDay(row.valid_until),
      gateOutAt: iso(row.gate_out_at),
      archived: row.archived_at !== null && row.archived_at !== undefined,
      parties: [],
      assignment: null,
      pcs: {
        status: row.pcs_status ?? null,
        sentToPcs: Boolean(row.sent_to_pcs),
        reference: row.pcs_reference ?? null,
      },
      nextModeOfTransport: row.next_mode_of_transport ?? null,
      greenLights: (row.green_lights as GreenLights | null) ?? null,
      pincodeCopies: {},
    });
  }
  for (const row of parties) {
    states.get(String(row.release_id))?.parties.push({
      organizationId: row.organization_id,
      position: row.position,
      receivedFromOrganizationId: row.received_from_organization_id ?? null,
      transferredToOrganizationId: row.transferred_to_organization_id ?? null,
      transferStatus: row.transfer_status,
      active: row.active,
      releaseStatus: row.release_status,
    });
  }
  for (const row of assignments) {
    const state = states.get(String(row.release_id));
    if (!state) continue;
    state.assignment = {
      organizationId: row.organization_id,
      type: row.assignee_type,
      // The ledger binds the identification's commitment (its clear value before commitments).
      identification: row.identification_salt
        ? identificationCommitment(
            row.identification_salt,
            row.identification_type,
            row.identification,
          )
        : row.identification,
      identificationType: row.identification_type,
      identificationMasked: maskIdentification(row.identification),
      name: row.assignee_name,
      visitNumber: row.visit_number ?? null,
    };
  }
  for (const row of copies) {
    const state = states.get(String(row.release_id));
    if (state) state.pincodeCopies[row.address] = pincodeHash(row.encrypted_pincode)!;
  }
  return states;
}

/** Why a release's stored rows are not what its ledger says: a replay that fails, or fields. */
export type ProjectionProblem =
  | { sequence: number; reason: string; differences?: undefined }
  | { sequence: null; reason: string; differences: ProjectionDifference[] };

/** Names a difference as a reader of `verify-ledger` wants it: field, stored and replayed. */
export function describeDifference(difference: ProjectionDifference): string {
  const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return `${difference.field} is ${shown(difference.stored)} in the database, ${shown(difference.replayed)} by the ledger`;
}

/**
 * Replays one release's events (in sequence) and compares with its stored state: null when
 * they agree.
 */
export function projectionProblem(
  stored: StoredReleaseState | undefined,
  events: readonly ProjectableEvent[],
): ProjectionProblem | null {
  if (!stored) return { sequence: null, reason: 'the release has no row', differences: [] };
  let replayed;
  try {
    replayed = replayRelease(events);
  } catch (error) {
    if (error instanceof LedgerReplayError) {
      return {
        sequence: error.sequence,
        reason: `the ledger cannot be replayed: ${error.message}`,
      };
    }
    throw error;
  }
  const differences = projectionDifferences(stored, replayed);
  if (differences.length === 0) return null;
  return {
    sequence: null,
    reason: `the stored state differs from the ledger: ${differences.map(describeDifference).join('; ')}`,
    differences,
  };
}

/**
 * How many releases an action may change for the write path to replay them before it commits
 * (`assertRowsAreProjection`). An interactive action is a handful; a bulk action of thousands is
 * left to `verify-ledger` (replaying it in the request would cost its event loop budget).
 */
export const defaultProjectionCheckLimit = 200;
let checkedUpTo = defaultProjectionCheckLimit;

/**
 * Sets how many releases per append the write path checks (0: none). Only tests call it, to
 * turn the check off around a call whose rows they set by hand on purpose.
 */
export function setProjectionCheckLimit(limit: number): void {
  checkedUpTo = limit;
}

/** Thrown when an action's rows are not what its ledger says: the transaction rolls back. */
export class ProjectionMismatch extends Error {
  constructor(
    readonly releaseAddress: string,
    readonly problem: ProjectionProblem,
  ) {
    super(`release ${releaseAddress}: ${problem.reason}`);
  }
}

/**
 * The write path's check (docs/ledger.md, "State is a projection of the ledger"): after an
 * action appended its events, in its transaction, the releases it changed are replayed from
 * their whole chain and compared with the rows it wrote. A difference is a bug in the command,
 * never something to commit: it throws and the transaction rolls back.
 */
export async function assertRowsAreProjection(
  trx: Knex.Transaction,
  releaseIds: readonly string[],
): Promise<void> {
  if (releaseIds.length === 0 || releaseIds.length > checkedUpTo) return;
  // One after the other: inside a transaction they share one connection.
  const states = await storedReleaseStates(trx, releaseIds);
  const rows = await trx('release_events')
    .whereRaw(...anyOf('release_id', releaseIds, 'bigint'))
    .orderBy([{ column: 'release_id' }, { column: 'sequence' }])
    .select(...projectedEventColumns);
  const chains = chainsOf(rows as DbRow[], projectableEvent);
  for (const id of releaseIds) {
    const stored = states.get(String(id));
    const problem = projectionProblem(stored, chains.get(String(id)) ?? []);
    if (problem) throw new ProjectionMismatch(stored?.address ?? String(id), problem);
  }
}
