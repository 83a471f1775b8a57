import type { Features } from '../features.ts';
import { assignmentRefusalMessages } from './assignment.ts';
import { pincodeEligibility, pincodeMessages } from './pincode-eligibility.ts';
import { designatesSupportedPcs, type PcsStatus } from './pcs.ts';
import { isSecurePickup } from './secure-pickup.ts';
import { refusalMessages, refusalReason, type ReleaseForCaller } from './refusals.ts';
import type { CustodyAction, CustodyRefusal } from './custody.ts';
import type { ReleaseStatus, TransferStatus } from './release.ts';

/** What the server loads of one release for a custody action, as the acting organisation stands to it. */
export interface CustodyReleaseFacts {
  releaseStatus: ReleaseStatus;
  ownerOrganizationId: number;
  carrierOrganizationId: number;
  sentToPcs: boolean;
  pinsAllowed: boolean;
  /** The release's terminal has Secure Pick-up enabled. */
  securePickupEnabled: boolean;
  /** The release's carrier has Secure Pick-up enabled (releases spec §6: both must). */
  carrierSecurePickupEnabled: boolean;
  /**
   * Some party of the chain, active or revoked out of it since, fetched the pincode (DESIGN §3
   * "Invariant"): the release can never be transferred again.
   */
  pincodeFetched: boolean;
  /** The caller's active row in the chain, if any. */
  party: { transferStatus: TransferStatus } | null;
  /** The transfer's target already holds an active row. */
  targetInChain: boolean;
  /** The caller's sealed copy of the pincode, or null. */
  encryptedPincode: string | null;
  /** The carrier's EDI PCS of the pick-up terminal (releases spec §3 `ediPcs`). */
  ediPcs?: string | null;
  /** Where the release stands with the PCS (`pcs.ts`); null or absent: not at the PCS. */
  pcsStatus?: PcsStatus | null;
  /** The PCS confirmed it holds the release (its reference is recorded). */
  availableInPcs?: boolean;
}

/**
 * The facts `refusalReason` decides on (releases spec §4 "Action rules"): `pinRetrieved` when
 * the caller's row or any party of the chain fetched the pincode (§4 "Effects"), and
 * `securePickupEnabled` only when terminal and carrier both have it (§6).
 */
export function callerFacts(
  release: CustodyReleaseFacts,
  organizationId: number,
): ReleaseForCaller {
  const status = release.party?.transferStatus ?? null;
  const securePickup = isSecurePickup({
    terminalSecurePickup: release.securePickupEnabled,
    carrierSecurePickup: release.carrierSecurePickupEnabled,
  });
  return {
    releaseStatus: release.releaseStatus,
    inChain: release.party !== null,
    isOwner: release.ownerOrganizationId === organizationId && release.party !== null,
    isCarrier: release.carrierOrganizationId === organizationId,
    transferStatus: status,
    sentToPcs: release.sentToPcs,
    pinRetrieved: status === 'pinRetrieved' || release.pincodeFetched,
    hasAssignee: status === 'assigned',
    securePickupEnabled: securePickup,
    terminalHasPcs: designatesSupportedPcs(release.ediPcs),
    availableInPcs: release.availableInPcs ?? false,
    pcsStatus: release.pcsStatus ?? null,
  };
}

/**
 * Why the caller may not take part with this release (null: not found or out of reach) in the
 * action, or null when it may (releases spec §4 "Refused by the server for" and "Pincode
 * eligibility"; §6 only the owner acts). Beyond the tables: a pincode needs the caller in the
 * chain (`notInChain`) and a copy to open (`noPincode`); a transfer's target must not hold the
 * release already (`targetInChain`).
 */
export function custodyRefusal(
  action: CustodyAction,
  release: CustodyReleaseFacts | null,
  caller: { organizationId: number; features: Pick<Features, 'canFetchPincode'> },
): CustodyRefusal | null {
  if (!release) return 'notFound';
  const facts = callerFacts(release, caller.organizationId);
  if (action === 'pincode') {
    if (!facts.inChain) return 'notInChain';
    const refusal = pincodeEligibility(
      facts,
      { pinsAllowed: release.pinsAllowed, securePickupEnabled: facts.securePickupEnabled },
      caller.features,
    );
    if (refusal) return refusal;
    return release.encryptedPincode ? null : 'noPincode';
  }
  const reason = refusalReason(action, facts);
  if (reason) return reason;
  if (action === 'transfer' && release.targetInChain) return 'targetInChain';
  return null;
}

/** Whether a refusal is worded as one of the four pincode messages (releases spec §4). */
const pincodeWorded = (action: CustodyAction, reason: CustodyRefusal) =>
  action === 'pincode' && Object.hasOwn(pincodeMessages, reason);

/** The identification rules of an assignment (releases spec §5), worded under `assignment.refusal.`. */
const assignmentWorded = (
  reason: CustodyRefusal,
): reason is keyof typeof assignmentRefusalMessages =>
  Object.hasOwn(assignmentRefusalMessages, reason);

/** The English text of a refusal, for machine clients (the web translates the key). */
export function custodyRefusalText(action: CustodyAction, reason: CustodyRefusal): string {
  if (pincodeWorded(action, reason)) return pincodeMessages[reason as keyof typeof pincodeMessages];
  if (assignmentWorded(reason)) return assignmentRefusalMessages[reason];
  return (
    (refusalMessages as Record<string, string>)[reason] ??
    pincodeMessages[reason as keyof typeof pincodeMessages]
  );
}

/** The translation key of a refusal: `releases.pincode.` for the four pincode messages. */
export function custodyRefusalKey(action: CustodyAction, reason: CustodyRefusal): string {
  if (assignmentWorded(reason)) return `assignment.refusal.${reason}`;
  return `releases.${pincodeWorded(action, reason) ? 'pincode' : 'refusal'}.${reason}`;
}
