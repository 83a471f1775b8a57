import type { Features } from '../features.ts';
import type { ReleaseStatus, TransferStatus } from './release.ts';

/** Releases spec §4 "Pincode eligibility": the four messages, as `releases.pincode.` keys. */
export const pincodeMessages = {
  notAllowed: 'Not allowed to fetch pincode',
  sentToPcs: 'Release sent to PCS',
  pinsDisabled: 'Pins disabled',
  mustAssign: 'Must assign to fetch pin',
} as const;
export type PincodeRefusal = keyof typeof pincodeMessages;

/** The pick-up location's rules (the terminal's settings). */
export interface PickupLocationRules {
  pinsAllowed: boolean;
  /** A secure pick-up terminal hands the container only to an assigned driver, barge or train. */
  securePickupEnabled: boolean;
}

/**
 * Releases spec §4 "Pincode eligibility", per release: not blocked, deleted or gate-out; not
 * sent to PCS; pins allowed for the location; the caller's transfer status matches what the
 * location requires (assigned at a secure pick-up terminal, owned elsewhere); for secure pick-up
 * the feature canFetchPincode. Only the owner may fetch (§6). Null when eligible.
 */
export function pincodeEligibility(
  release: {
    releaseStatus: ReleaseStatus;
    sentToPcs: boolean;
    isOwner: boolean;
    transferStatus: TransferStatus | null;
  },
  location: PickupLocationRules,
  features: Pick<Features, 'canFetchPincode'>,
): PincodeRefusal | null {
  if (!release.isOwner) return 'notAllowed';
  if (['blocked', 'blockedForScanning', 'deleted', 'gateout'].includes(release.releaseStatus)) {
    return 'notAllowed';
  }
  if (release.sentToPcs) return 'sentToPcs';
  if (!location.pinsAllowed) return 'pinsDisabled';
  if (location.securePickupEnabled) {
    if (!features.canFetchPincode) return 'notAllowed';
    if (release.transferStatus !== 'assigned') return 'mustAssign';
    return null;
  }
  return release.transferStatus === 'owned' || release.transferStatus === 'pinRetrieved'
    ? null
    : 'notAllowed';
}
