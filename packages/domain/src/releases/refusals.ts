import type { PcsStatus } from './pcs.ts';
import type { ReleaseStatus, TransferStatus } from './release.ts';

/**
 * Releases spec §8 "Per-release reasons across actions", as codes the reports translate under
 * `releases.refusal.`; `refusalMessages` holds the English text for machine clients.
 */
export const refusalMessages = {
  notFound: 'Release not found',
  notInChain: 'Release is not in your chain',
  notOwned: 'Release is not owned by you',
  alreadyOwner: 'You already own this release',
  deleted: 'Release is deleted',
  gateOut: 'Container was already picked up (gate-out)',
  assigned: 'Release is assigned',
  sentToPcs: 'Release was sent to the PCS',
  pincodeFetched: 'The pincode was already fetched: the release can no longer be transferred',
  notCarrier: 'Only the carrier may do this',
  notSecurePickup: 'Not a pilot terminal or carrier for Secure Pick-up',
  noAssignee: 'Release has no assignee',
  alreadyTransferred: 'Release was already transferred',
  noPcs: 'The terminal has no PCS',
  sendStatusConflict: 'The PCS send status conflicts with this operation',
  notInPcs: 'Release is not available in the PCS',
  alreadyBlocked: 'Release is already blocked',
  notBlocked: 'Release is not blocked',
  targetInChain: 'The target organisation already holds this release',
  noPincode: 'This release has no pincode',
  /** Between the dry run and the signed call, another action changed the release. */
  versionChanged: 'The release changed since it was selected',
} as const;
export type RefusalReason = keyof typeof refusalMessages;

/** A release as the acting organisation stands to it (what the server locks and checks). */
export interface ReleaseForCaller {
  releaseStatus: ReleaseStatus;
  /** The caller has an active row in the release's chain. */
  inChain: boolean;
  /** The caller is the current owner (the last active party). */
  isOwner: boolean;
  /** The caller is the release's carrier. */
  isCarrier: boolean;
  /** The caller's own transfer status, null outside the chain. */
  transferStatus: TransferStatus | null;
  sentToPcs: boolean;
  /** Some party fetched the pincode: from then on no transfer (spec §4 "Effects"). */
  pinRetrieved: boolean;
  hasAssignee: boolean;
  /** Secure pick-up is enabled for the release's terminal and carrier. */
  securePickupEnabled: boolean;
  /** The release's terminal is connected to a PCS. */
  terminalHasPcs: boolean;
  /** The PCS knows the release (for revoking from it). */
  availableInPcs: boolean;
  /** Where the release stands with the PCS (`pcs.ts`), when known; null: not at the PCS. */
  pcsStatus?: PcsStatus | null;
}

export type ChainAction =
  | 'transfer'
  | 'revoke'
  | 'assign'
  | 'unassign'
  | 'block'
  | 'unblock'
  | 'transferToPcs'
  | 'revokeFromPcs';

type Check = (r: ReleaseForCaller) => RefusalReason | null;

const when =
  (test: (r: ReleaseForCaller) => boolean, reason: RefusalReason): Check =>
  (r) =>
    test(r) ? reason : null;
const outsideChain = when((r) => !r.inChain && !r.isCarrier, 'notInChain');
const deleted = when((r) => r.releaseStatus === 'deleted', 'deleted');
const gateOut = when((r) => r.releaseStatus === 'gateout', 'gateOut');
const notOwned = when((r) => !r.isOwner, 'notOwned');
const sent = when((r) => r.sentToPcs, 'sentToPcs');
const carrierOnly = when((r) => !r.isCarrier, 'notCarrier');
const assignChecks: Check[] = [
  outsideChain,
  deleted,
  gateOut,
  notOwned,
  sent,
  when((r) => !r.securePickupEnabled, 'notSecurePickup'),
];

/** Releases spec §4 "Action rules", right column: the checks in the order they are reported. */
const rules: Record<ChainAction, Check[]> = {
  transfer: [
    outsideChain,
    deleted,
    gateOut,
    notOwned,
    when((r) => r.transferStatus === 'assigned', 'assigned'),
    sent,
    when((r) => r.pinRetrieved, 'pincodeFetched'),
  ],
  revoke: [outsideChain, deleted, when((r) => r.isOwner, 'alreadyOwner')],
  assign: assignChecks,
  unassign: [...assignChecks, when((r) => !r.hasAssignee, 'noAssignee')],
  block: [
    carrierOnly,
    deleted,
    gateOut,
    when(
      (r) => r.releaseStatus === 'blocked' || r.releaseStatus === 'blockedForScanning',
      'alreadyBlocked',
    ),
  ],
  unblock: [
    carrierOnly,
    deleted,
    gateOut,
    when((r) => r.releaseStatus !== 'blocked', 'notBlocked'),
  ],
  // "Already transferred" before "not owned": a party that passed the release on no longer
  // owns it, and the spec names that reason for it. Beyond the spec's three: a deleted or
  // picked-up release, one assigned to a transporter or whose pincode was fetched is not
  // handed to the PCS either (the transfer's own refusals).
  transferToPcs: [
    outsideChain,
    when((r) => r.transferStatus === 'transferred', 'alreadyTransferred'),
    notOwned,
    deleted,
    gateOut,
    when((r) => r.transferStatus === 'assigned', 'assigned'),
    when((r) => r.pinRetrieved, 'pincodeFetched'),
    when((r) => !r.terminalHasPcs, 'noPcs'),
    when((r) => r.sentToPcs, 'sendStatusConflict'),
  ],
  // Only a release the PCS holds (`sent`) can be revoked: one still on its way there or back
  // conflicts too.
  revokeFromPcs: [
    outsideChain,
    notOwned,
    when((r) => !r.terminalHasPcs, 'noPcs'),
    when(
      (r) => !r.sentToPcs || (r.pcsStatus != null && r.pcsStatus !== 'sent'),
      'sendStatusConflict',
    ),
    when((r) => !r.availableInPcs, 'notInPcs'),
  ],
};

/**
 * Why the server refuses `action` on this release for the caller, or null when it may go ahead
 * (releases spec §4 "Refused by the server for"; §6 "Only the owner in the chain may act").
 */
export function refusalReason(
  action: ChainAction,
  release: ReleaseForCaller,
): RefusalReason | null {
  for (const check of rules[action]) {
    const reason = check(release);
    if (reason) return reason;
  }
  return null;
}

/** A carrier's change to its own release (releases spec §6 "create, edit, edit several, delete"). */
export type ReleaseChangeAction = 'edit' | 'delete';

/** What edit and delete look at: the release's status, and whether it was archived. */
export interface ReleaseForChange {
  releaseStatus: ReleaseStatus;
  archived: boolean;
}

/** Why a release can no longer be edited or deleted. */
export type ClosedReason = 'deleted' | 'gateOut' | 'archived';

/**
 * The English answer to one edit or delete refused (409 conflict); the web words them under
 * `releases.refused.`, and the per-release lists carry the code.
 */
export const closedMessages: Record<ClosedReason, string> = {
  deleted: 'This release is deleted and can no longer be changed.',
  gateOut: 'This container has been picked up; its release can no longer be changed.',
  archived: 'This release is archived and can no longer be changed.',
};

/** Narrows a per-release answer's error to a {@link ClosedReason}. */
export function isClosedReason(value: unknown): value is ClosedReason {
  return typeof value === 'string' && Object.hasOwn(closedMessages, value);
}

type ChangeCheck = (r: ReleaseForChange) => ClosedReason | null;
const closedWhen =
  (test: (r: ReleaseForChange) => boolean, reason: ClosedReason): ChangeCheck =>
  (r) =>
    test(r) ? reason : null;
const closedChecks: ChangeCheck[] = [
  closedWhen((r) => r.releaseStatus === 'deleted', 'deleted'),
  closedWhen((r) => r.releaseStatus === 'gateout', 'gateOut'),
  closedWhen((r) => r.archived, 'archived'),
];

/** Edit and delete beside the custody actions' table: the checks in the order they are reported. */
const changeRules: Record<ReleaseChangeAction, ChangeCheck[]> = {
  edit: closedChecks,
  delete: closedChecks,
};

/**
 * Why the carrier may not edit or delete this release (deleted, picked up, archived), or null
 * when it may (releases spec §6; "archived" as §4 "Commercial release lifetime" says).
 */
export function changeRefusal(
  change: ReleaseChangeAction,
  release: ReleaseForChange,
): ClosedReason | null {
  for (const check of changeRules[change]) {
    const reason = check(release);
    if (reason) return reason;
  }
  return null;
}
