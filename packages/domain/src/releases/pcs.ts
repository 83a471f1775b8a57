import type { RefusedRelease } from './custody.ts';
import type { TransferStatus } from './release.ts';

/** The port community system the portal talks to (Antwerp's C-Point). */
export const supportedPcs = 'CPOINT';

/**
 * Whether an EDI PCS value designates the supported PCS ("C-Point", "cpoint"…): the carrier's
 * EDI names the PCS of the pick-up terminal (releases spec §3 `ediPcs`), so a release without
 * it is at a terminal with no PCS (§4 "terminal has no PCS").
 */
export function designatesSupportedPcs(ediPcs: string | null | undefined): boolean {
  return (ediPcs ?? '').toUpperCase().replace(/[^A-Z]/g, '') === supportedPcs;
}

/** Releases spec §2 "Transfer to PCS and Revoke from PCS", §7 `releases/pcs/*`. */
export const pcsActions = ['transferToPcs', 'revokeFromPcs'] as const;
export type PcsAction = (typeof pcsActions)[number];

/** Whether an action is one of the two PCS actions. */
export function isPcsAction(action: string): action is PcsAction {
  return (pcsActions as readonly string[]).includes(action);
}

/**
 * Where a release stands with the PCS (releases spec §4 "sending to PCS", "sent to PCS"): on
 * its way there (`sending`), held by it (`sent`), on its way back (`revoking`); null when the
 * PCS does not hold it. Every state but null counts as sent to the PCS (`sentToPcs`), so no
 * other custody action takes a release the PCS holds or may hold.
 */
export const pcsStatuses = ['sending', 'sent', 'revoking'] as const;
export type PcsStatus = (typeof pcsStatuses)[number];

/** What the PCS answered for one release of a message, or `failed`: it could not be reached. */
export type PcsResult = 'accepted' | 'refused' | 'failed';

/** A release's PCS state and its sender's transfer status at one moment. */
export interface PcsState {
  pcsStatus: PcsStatus | null;
  /** The sending party's own transfer status (releases spec §4 "Transfer status"). */
  transferStatus: Extract<TransferStatus, 'owned' | 'sendingToPcs' | 'sentToPcs'>;
  sentToPcs: boolean;
}

const atPcs = (pcsStatus: PcsStatus, transferStatus: PcsState['transferStatus']): PcsState => ({
  pcsStatus,
  transferStatus,
  sentToPcs: true,
});
const notAtPcs: PcsState = { pcsStatus: null, transferStatus: 'owned', sentToPcs: false };

/**
 * The state a signed PCS action leaves its releases in before the PCS answers (the statement
 * and this state are recorded in one transaction, then the PCS is called): a transfer is
 * "sending to PCS"; a revoke is on its way back, still held by the PCS meanwhile.
 */
export function pcsStateWhileSending(action: PcsAction): PcsState {
  return action === 'transferToPcs'
    ? atPcs('sending', 'sendingToPcs')
    : atPcs('revoking', 'sentToPcs');
}

/**
 * The state after the PCS answered for one release (or after it could not be reached at the
 * last attempt): accepted, a transfer is "sent to PCS" and a revoke leaves the PCS; refused or
 * unreachable, the release is back where it was before the action, so trying again is safe.
 * A revoke the PCS answers `notInPcs` leaves the release not at the PCS (it holds nothing).
 */
export function pcsStateAfter(
  action: PcsAction,
  result: PcsResult,
  reason: string | null = null,
): PcsState {
  if (action === 'transferToPcs') {
    return result === 'accepted' ? atPcs('sent', 'sentToPcs') : notAtPcs;
  }
  if (result === 'accepted' || reason === 'notInPcs') return notAtPcs;
  return atPcs('sent', 'sentToPcs');
}

/**
 * Releases spec §4 "In the PCS dialog, containers with no PCS, containers whose sent state
 * conflicts with the operation, and containers already transferred are listed separately and
 * excluded": the dry run's refusals in those three groups, and every other refusal (not owned,
 * not in your chain…) in `other`.
 */
export const pcsExcludedGroups = ['noPcs', 'sendStatusConflict', 'alreadyTransferred'] as const;
export type PcsExcludedGroup = (typeof pcsExcludedGroups)[number];

export function pcsDialogGroups(
  refused: readonly RefusedRelease[],
): Record<PcsExcludedGroup | 'other', RefusedRelease[]> {
  const groups: Record<PcsExcludedGroup | 'other', RefusedRelease[]> = {
    noPcs: [],
    sendStatusConflict: [],
    alreadyTransferred: [],
    other: [],
  };
  for (const release of refused) {
    const group = (pcsExcludedGroups as readonly string[]).includes(release.reason)
      ? (release.reason as PcsExcludedGroup)
      : 'other';
    groups[group].push(release);
  }
  return groups;
}

/**
 * Why the PCS did not take a release (releases spec §8 "PCS operations show successes and
 * errors"), beside the custody refusals: the English text for machines; the web words them
 * under `releases.pcs.reason.`.
 */
export const pcsReasonMessages = {
  /** The PCS answered that it does not hold the release (a revoke). */
  notInPcs: 'Release is not available in the PCS',
  /** The PCS refused the release for a reason of its own (its message is reported too). */
  pcsRefused: 'The PCS refused the release',
  /** The PCS could not be reached, answered errors or too slowly, at every attempt. */
  pcsUnavailable: 'The PCS could not be reached; nothing was sent. Please try again.',
  /** Not answered yet: the PCS is being tried again automatically. */
  pcsPending: 'The PCS has not answered yet; it is tried again automatically.',
} as const;
export type PcsReason = keyof typeof pcsReasonMessages;

/** One release of a PCS report: done, refused or not answered yet (releases spec §7, §8). */
export interface PcsReportLine {
  address: string;
  blNumber: string;
  containerNumber: string;
  /** `done`: sent to, or revoked from, the PCS; `pending`: "sending to PCS", retried. */
  result: 'done' | 'refused' | 'pending';
  /** A `PcsReason`, or null when done. */
  reason: PcsReason | null;
  /** The PCS's own words, when it gave some. */
  error: string | null;
}

/** A PCS message's outcome for one release, as the report words it. */
export function pcsReportLine(
  release: { address: string; blNumber: string; containerNumber: string },
  answer: { result: PcsResult | null; reason: string | null; message: string | null },
): PcsReportLine {
  const line = { ...release, error: answer.message };
  if (answer.result === 'accepted') return { ...line, result: 'done', reason: null, error: null };
  if (answer.result === null) return { ...line, result: 'pending', reason: 'pcsPending' };
  if (answer.result === 'failed') return { ...line, result: 'refused', reason: 'pcsUnavailable' };
  const reason: PcsReason = answer.reason === 'notInPcs' ? 'notInPcs' : 'pcsRefused';
  return { ...line, result: 'refused', reason };
}
