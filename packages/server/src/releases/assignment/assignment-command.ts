import { randomBytes } from 'node:crypto';
import {
  assignmentFeatures,
  custodyPermission,
  identificationRefusal,
  identificationTypesOf,
  normalizedVisitNumber,
  parseStatement,
  visitNumberMaxLength,
  type AssignedRelease,
  type Assignee,
  type CustodyApplyRequest,
  type CustodyDryRunAnswer,
  type CustodyRefusal,
  type DryRunAssignee,
  type Features,
  type IdentificationType,
  type RefusedRelease,
  type SignedRelease,
  type TransporterType,
} from '@scr/domain';
import type { Knex } from 'knex';
import { appError } from '../../errors/app-error.ts';
import {
  applyVerified,
  custodyDryRun,
  verifyCustody,
  type CustodyCaller,
  type CustodyOutcome,
} from '../custody/custody-command.ts';
import type { AssignmentRecord } from '../custody/custody-effects.ts';
import { refusalKey, refusalText, type CustodyRelease } from '../custody/custody-releases.ts';
import { normaliseReleaseAddress } from '../release-address.ts';
import { assigningOrganization, assignmentTerminals } from './assignment-facts.ts';

/** Assign or unassign (releases spec §7 `releases/assignment/assign`, `/unassign`). */
export type AssignmentAction = 'assign' | 'unassign';

/** Who acts: a signed-in person of a non-carrier organisation, with its features. */
export interface AssignmentCaller extends CustodyCaller {
  features: Features;
}

/** An assign call's own fields (DESIGN §3), as its body names them. */
export interface AssigneeFields {
  type?: TransporterType;
  identification?: string;
  identificationType?: IdentificationType;
  /** The second call: the salt of the commitment the statement binds (the dry run's). */
  identificationSalt?: string;
  visitNumber?: string | null;
}

/** The dry run's answer, with the spec's `errors` beside `refused` (§7 "answer eligible_releases, errors"). */
export type AssignmentDryRunAnswer = CustodyDryRunAnswer & { errors: RefusedRelease[] };

const transporterTables = {
  driver: {
    table: 'drivers',
    name: "first_name || ' ' || last_name",
    column: { alfapass: 'alfa_pass', itsme: 'itsme_code' },
  },
  barge: { table: 'barges', name: 'name', column: { eni: 'eni_number' } },
  train: { table: 'trains', name: 'name', column: { train: 'train_code' } },
} as const;

/**
 * The assignee of an assign call (DESIGN §3 "binds the release to that identification"): the
 * type must be one the organisation may assign to (releases spec §6 canAssignDriver …), the
 * identification type one of that kind's, and the identification an active driver, barge or
 * train of the caller's organisation. Answers it with the transporter's name and the salt of
 * its commitment (domain `identificationCommitment`): the one sent back by a second call, a new
 * random one for a dry run.
 */
export async function resolveAssignee(
  db: Knex | Knex.Transaction,
  caller: AssignmentCaller,
  fields: AssigneeFields,
): Promise<DryRunAssignee & { visitNumber: string | null }> {
  const { type, identificationType } = fields;
  const identification = (fields.identification ?? '').trim();
  if (!type || !identificationType || identification === '') {
    throw appError('validation_failed', {
      fields: {
        ...(!type ? { type: 'validation.required' } : {}),
        ...(!identificationType ? { identificationType: 'validation.required' } : {}),
        ...(identification === '' ? { identification: 'validation.required' } : {}),
      },
    });
  }
  if (!caller.features[assignmentFeatures[type]]) throw appError('subscription_required');
  if (!identificationTypesOf(type).includes(identificationType)) {
    throw appError('validation_failed', {
      message: `A ${type} is not assigned by ${identificationType}.`,
      fields: { identificationType: 'validation.invalid' },
    });
  }
  const visitNumber = normalizedVisitNumber(fields.visitNumber);
  if (visitNumber !== null && visitNumber.length > visitNumberMaxLength) {
    throw appError('validation_failed', { fields: { visitNumber: 'validation.tooLong' } });
  }
  const source = transporterTables[type];
  const column = (source.column as Record<string, string>)[identificationType]!;
  const row = await db(source.table)
    .where({ organization_id: caller.organizationId, is_active: true })
    .where(column, identification)
    .orderBy('id')
    .first(db.raw(`${source.name} as name`));
  if (!row) throw appError('assignee_not_found');
  const salt = fields.identificationSalt ?? `0x${randomBytes(16).toString('hex')}`;
  return { type, identification, identificationType, name: row.name, visitNumber, salt };
}

/** Releases spec §6: carriers and terminals assign nothing (before any release is looked at). */
export function assertMayAssign(action: AssignmentAction, caller: CustodyCaller): void {
  const permission = custodyPermission(action, caller.organizationRole, caller.features);
  if (permission === 'forbidden') throw appError('forbidden');
  if (permission === 'subscriptionRequired') throw appError('subscription_required');
}

/**
 * Releases spec §5 per release: the identification rule of its terminal for this assignee
 * (missing alfaPass, itsme or port-account registration; no method configured), by address.
 */
async function identificationRefusals(
  db: Knex | Knex.Transaction,
  caller: AssignmentCaller,
  assignee: Assignee,
  addresses: readonly string[],
): Promise<Map<string, CustodyRefusal>> {
  const terminals = await assignmentTerminals(db, caller.organizationId, addresses);
  const organization = await assigningOrganization(db, caller.organizationId);
  const refusals = new Map<string, CustodyRefusal>();
  for (const address of addresses) {
    const terminal = terminals.get(address);
    const reason = terminal
      ? identificationRefusal(assignee, terminal, organization)
      : 'noIdentificationMethod';
    if (reason) refusals.set(address, reason);
  }
  return refusals;
}

/**
 * The first call of an assign or unassign (DESIGN §3): the custody dry run (the §4 table: deleted,
 * gate-out, not owned, sent to PCS, no Secure Pick-up, no assignee), then for an assign the §5
 * identification rule per release; with the assignee the statement must name.
 */
export async function assignmentDryRun(
  db: Knex,
  action: AssignmentAction,
  caller: AssignmentCaller,
  addresses: readonly string[],
  fields: AssigneeFields = {},
): Promise<AssignmentDryRunAnswer> {
  assertMayAssign(action, caller);
  const assignee = action === 'assign' ? await resolveAssignee(db, caller, fields) : null;
  const answer = await custodyDryRun(db, action, caller, addresses);
  if (!assignee) return { ...answer, errors: answer.refused };
  const refusals = await identificationRefusals(
    db,
    caller,
    assignee,
    answer.eligible_releases.map((release) => release.address),
  );
  const refused = [...answer.refused];
  const eligible = answer.eligible_releases.filter((release) => {
    const reason = refusals.get(release.address);
    if (!reason) return true;
    refused.push({
      address: release.address,
      blNumber: release.blNumber,
      containerNumber: release.containerNumber,
      reason,
      error: refusalText(action, reason),
    });
    return false;
  });
  const { visitNumber, ...named } = assignee;
  return {
    ...answer,
    eligible_releases: eligible,
    refused,
    errors: refused,
    assignee: named,
    visitNumber,
  };
}

/**
 * The second call of an assign or unassign, in the caller's transaction: the custody checks of
 * `verifyCustody` (signature by the caller's organisation, this action, exactly these releases
 * and versions, for an assign exactly this assignee and visit number; every release still
 * eligible), then the §5 rule per release, then the effects: release_assignments rows, the
 * party's `assigned` (or back to `owned`), a ledger event per release referring to the signed
 * statement, and the notices for the chain. All or nothing.
 */
export async function applyAssignment(
  trx: Knex.Transaction,
  action: AssignmentAction,
  caller: AssignmentCaller,
  request: CustodyApplyRequest,
  options: { portalUrl?: string | null } = {},
): Promise<CustodyOutcome> {
  assertMayAssign(action, caller);
  let assignment: AssignmentRecord | null = null;
  if (action === 'assign') {
    const { name, visitNumber, ...assignee } = await resolveAssignee(trx, caller, request);
    assignment = { ...assignee, name, visitNumber };
    request = { ...request, identification: assignee.identification, visitNumber };
  }
  const verified = await verifyCustody(trx, action, caller, request);
  if (assignment) {
    const refusals = await identificationRefusals(
      trx,
      caller,
      assignment,
      verified.releases.map((release: CustodyRelease) => release.address),
    );
    if (refusals.size > 0) {
      throw appError('release_conflict', {
        fields: Object.fromEntries(
          [...refusals].map(([address, reason]) => [address, refusalKey(action, reason)]),
        ),
      });
    }
  }
  return applyVerified(trx, { ...verified, assignment: assignment ?? undefined }, options);
}

/**
 * A signed unassign applied inside the caller's transaction (access spec §4 "Drivers, barges,
 * trains": deactivating a transporter or changing its identifier unassigns its releases through
 * the wallet). Releases may be named by address alone: each then takes the version its signed
 * statement names, which the custody checks hold against the current one. The caller publishes
 * the outcome's notices after the commit (`publishNotices`).
 */
export async function applySignedUnassign(
  trx: Knex.Transaction,
  caller: CustodyCaller,
  signed: {
    release_addresses: readonly (string | SignedRelease)[];
    statement: string;
    signature: string;
  },
): Promise<CustodyOutcome> {
  let versions = new Map<string, number>();
  try {
    versions = new Map(
      parseStatement(signed.statement).releases.map((r) => [r.address.toLowerCase(), r.version]),
    );
  } catch {
    // verifyCustody answers statement_invalid for a statement that cannot be read.
  }
  const releases = signed.release_addresses.map((item): SignedRelease => {
    if (typeof item !== 'string') return { address: item.address, version: item.version };
    const address = normaliseReleaseAddress(item) ?? item;
    return { address, version: versions.get(address.toLowerCase()) ?? 0 };
  });
  const verified = await verifyCustody(trx, 'unassign', caller, {
    release_addresses: releases,
    statement: signed.statement,
    signature: signed.signature,
  });
  return applyVerified(trx, verified);
}

/**
 * The releases the organisation assigned to these identifications of one kind (what a
 * transporter's deactivation or new identifier would unassign), with the version an unassign
 * statement must name.
 */
export async function releasesAssignedTo(
  db: Knex | Knex.Transaction,
  organizationId: number,
  type: TransporterType,
  identifications: readonly string[],
): Promise<AssignedRelease[]> {
  if (identifications.length === 0) return [];
  const rows = await db('release_assignments as a')
    .join('releases as r', 'r.id', 'a.release_id')
    .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
    .where({ 'a.organization_id': organizationId, 'a.assignee_type': type })
    .whereIn('a.identification', identifications)
    .orderBy('r.id')
    .select('r.address', 'r.version', 'bl.bl_number', 'r.container_number');
  return rows.map((row) => ({
    address: row.address,
    version: row.version,
    blNumber: row.bl_number,
    containerNumber: row.container_number,
  }));
}
