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
