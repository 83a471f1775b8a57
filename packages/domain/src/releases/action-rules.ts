import type { Features } from '../features.ts';
import type { OrganizationRole } from '../organizations.ts';
import { assignableTypes } from './assignment.ts';
import { custodyPermission, type CustodyAction } from './custody.ts';
import type { ReleaseStatus, TransferStatus } from './release.ts';
import { nmotEnabled } from './next-mode-of-transport.ts';
import { designatesSupportedPcs } from './pcs.ts';
import { mayManageReleases } from './release-permissions.ts';

/** Releases spec §2 "Action split button": every action on a BL or a selection. */
export const releaseActions = [
  'transfer',
  'revoke',
  'block',
  'unblock',
  'assign',
  'unassign',
  'pincode',
  'transferToPcs',
  'revokeFromPcs',
  /** Releases spec §2 "Next-mode-of-transport dialog", §7 `nmots`. */
  'nmot',
  'auditTrail',
  'edit',
  'delete',
] as const;
export type ReleaseAction = (typeof releaseActions)[number];

/**
 * Releases spec §2 "Action split button" and §6 "Roles and permissions": whether an
 * organisation of this role has the action at all, whatever its plan and its selection. A
 * carrier blocks, unblocks, edits and deletes, and has no assign, un-assign, pincode or PCS
 * action; the other parties of the chain the reverse; both transfer, revoke, choose the next
 * mode of transport and read the audit trail. A terminal acts on its own page and keeps only
 * the audit trail. An action the role has but the plan or the selection does not allow stays
 * offered, disabled with its reason (`actionAvailability`).
 */
export function roleHasAction(role: OrganizationRole, action: ReleaseAction): boolean {
  return roleActionRules[action](role);
}

const carrierOnly = (role: OrganizationRole) => role === 'carrier';
const chainPartyOnly = (role: OrganizationRole) => role !== 'carrier' && role !== 'terminal';
const holdsReleases = (role: OrganizationRole) => role !== 'terminal';
const roleActionRules: Record<ReleaseAction, (role: OrganizationRole) => boolean> = {
  transfer: holdsReleases,
  revoke: holdsReleases,
  block: carrierOnly,
  unblock: carrierOnly,
  assign: chainPartyOnly,
  unassign: chainPartyOnly,
  pincode: chainPartyOnly,
  transferToPcs: chainPartyOnly,
  revokeFromPcs: chainPartyOnly,
  nmot: holdsReleases,
  auditTrail: () => true,
  edit: mayManageReleases,
  delete: mayManageReleases,
};

/** The actions of {@link releaseActions} that this role has ({@link roleHasAction}), in order. */
export function actionsOfRole(role: OrganizationRole): ReleaseAction[] {
  return releaseActions.filter((action) => roleHasAction(role, action));
}

/** What the interface knows of one selected release, as the viewing party sees it. */
export interface SelectedRelease {
  transferStatus: TransferStatus;
  releaseStatus: ReleaseStatus;
  sentToPcs: boolean;
  ediPcs: string | null;
}

/** Who is looking, and what they have. */
export interface ActionContext {
  role: OrganizationRole;
  features: Features;
  /** The organisation has at least one active driver, barge or train. */
  hasActiveTransporter: boolean;
  /** The organisation is connected to the supported PCS (isConnectedtoCpoint). */
  connectedToPcs: boolean;
  view: 'bl' | 'container';
}

const sent = (r: SelectedRelease) =>
  r.sentToPcs || r.transferStatus === 'sentToPcs' || r.transferStatus === 'sendingToPcs';

/**
 * Releases spec §4 "Action rules", left column: which actions are enabled over the selected
 * releases, plus the role and feature gates of §2 and §6. The server refuses with the same
 * module's reasons; this only decides what the interface offers.
 */
export function enabledActions(
  selection: readonly SelectedRelease[],
  context: ActionContext,
): Record<ReleaseAction, boolean> {
  const any = selection.length > 0;
  const some = (test: (r: SelectedRelease) => boolean) => selection.some(test);
  const all = (test: (r: SelectedRelease) => boolean) => any && selection.every(test);
  const carrier = context.role === 'carrier';
  const chainParty = !carrier && context.role !== 'terminal';
  const may = (action: CustodyAction) =>
    custodyPermission(action, context.role, context.features) === 'allowed';
  const mayTransfer = may('transfer');
  const allTransferred = all((r) => r.transferStatus === 'transferred');
  const allSent = all(sent);
  const pcsPossible =
    chainParty && context.connectedToPcs && some((r) => designatesSupportedPcs(r.ediPcs));
  // §4 "Assign": not all transferred, an active driver, barge or train, not all sent to the
  // PCS; §6 canAssignDriver / canAssignBarge / canAssignTrain (at least one tab to offer).
  const assignPossible =
    may('assign') &&
    assignableTypes(context.features).length > 0 &&
    context.hasActiveTransporter &&
    !allTransferred &&
    !allSent;
  return {
    transfer: mayTransfer && some((r) => r.transferStatus === 'owned') && !allSent,
    revoke: mayTransfer && some((r) => r.transferStatus === 'transferred'),
    block: carrier && any && !all((r) => r.releaseStatus === 'blocked'),
    unblock: carrier && some((r) => r.releaseStatus === 'blocked'),
    assign: assignPossible && any,
    unassign: assignPossible && some((r) => r.transferStatus === 'assigned'),
    pincode: may('pincode') && any && !allTransferred,
    transferToPcs: pcsPossible && !allSent,
    revokeFromPcs: pcsPossible && some(sent),
    nmot: nmotEnabled(selection, context),
    auditTrail: any,
    edit: mayManageReleases(context.role) && context.view === 'container' && any,
    delete: mayManageReleases(context.role) && any,
  };
}
