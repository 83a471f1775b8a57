import {
  custodyRefusalKey,
  type AssignmentCheck,
  type AssignmentCheckRelease,
  type AssignmentInfo,
} from '@scr/domain';
import type { Knex } from 'knex';
import { appError } from '../../errors/app-error.ts';
import { custodyDryRun } from '../custody/custody-command.ts';
import { normaliseReleaseAddress } from '../release-address.ts';
import { assigningOrganization, assignmentTerminals } from './assignment-facts.ts';
import { assertMayAssign, type AssignmentCaller } from './assignment-command.ts';

const normalised = (addresses: readonly string[]) => [
  ...new Set(addresses.map((address) => normaliseReleaseAddress(address) ?? address)),
];

/**
 * `PUT releases/assignment/info` (releases spec §3 "Assignment", §7): who the caller's
 * organisation assigned these releases to, and with which visit numbers; the dialog warns when
 * there are several (§5). Releases outside the caller's chain count as unassigned.
 */
export async function assignmentInfo(
  db: Knex | Knex.Transaction,
  caller: AssignmentCaller,
  addresses: readonly string[],
): Promise<AssignmentInfo> {
  assertMayAssign('assign', caller);
  if (addresses.length === 0) throw appError('no_release_selected');
  const rows: { assignee_type: string; assignee_name: string; visit_number: string | null }[] =
    await db('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .join('release_parties as p', function () {
        this.on('p.release_id', 'r.id')
          .andOn('p.organization_id', 'a.organization_id')
          .andOnVal('p.active', true);
      })
      .where('a.organization_id', caller.organizationId)
      .whereIn('r.address', normalised(addresses))
      .select('a.assignee_type', 'a.assignee_name', 'a.visit_number');
  const names = (type: string) =>
    [
      ...new Set(rows.filter((row) => row.assignee_type === type).map((row) => row.assignee_name)),
    ].sort();
  return {
    hasAssignedReleases: rows.length > 0,
    assignedDrivers: names('driver'),
    assignedBarges: names('barge'),
    assignedTrains: names('train'),
    visitNumbers: [
      ...new Set(rows.flatMap((row) => (row.visit_number ? [row.visit_number] : []))),
    ].sort(),
  };
}

/**
 * `PUT releases/assignment/check` (releases spec §7; the answer's shape is ours): per release,
 * whether the caller may assign it (the §4 table), why not, its terminal with how it identifies
 * drivers and whether the organisation is connected to it, and its current assignee; with the
 * organisation's port-community link. The dialog decides the §5 identification per transporter
 * from these with domain `chooseIdentification`.
 */
export async function assignmentCheck(
  db: Knex,
  caller: AssignmentCaller,
  addresses: readonly string[],
): Promise<AssignmentCheck> {
  assertMayAssign('assign', caller);
  const dryRun = await custodyDryRun(db, 'assign', caller, normalised(addresses));
  const found = [
    ...dryRun.eligible_releases.map((release) => release.address),
    ...dryRun.refused.filter((refused) => refused.reason !== 'notFound').map((r) => r.address),
  ];
  const terminals = await assignmentTerminals(db, caller.organizationId, found);
  const assignees: { address: string; assignee_name: string }[] = found.length
    ? await db('release_assignments as a')
        .join('releases as r', 'r.id', 'a.release_id')
        .where('a.organization_id', caller.organizationId)
        .whereIn('r.address', found)
        .select('r.address', 'a.assignee_name')
    : [];
  const assigneeOf = new Map(assignees.map((row) => [row.address, row.assignee_name]));
  const row = (
    release: { address: string; blNumber: string | null; containerNumber: string | null },
    reason: AssignmentCheckRelease['reason'],
    error: string | null,
  ): AssignmentCheckRelease => ({
    address: release.address,
    blNumber: release.blNumber,
    containerNumber: release.containerNumber,
    reason,
    key: reason ? custodyRefusalKey('assign', reason as never) : null,
    error,
    terminal: terminals.get(release.address) ?? null,
    assigneeName: assigneeOf.get(release.address) ?? null,
  });
  return {
    portCommunityLinked: (await assigningOrganization(db, caller.organizationId))
      .portCommunityLinked,
    releases: [
      ...dryRun.eligible_releases.map((release) => row(release, null, null)),
      ...dryRun.refused.map((refused) => row(refused, refused.reason, refused.error)),
    ],
  };
}
