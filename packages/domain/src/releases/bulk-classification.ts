import type { IsoDate } from '../dates.ts';
import type { ReleaseStatus, TransferStatus } from './release.ts';

/** Releases spec §4 "Bulk classification of uploaded BL + container pairs", in its order. */
export const bulkClasses = [
  'notFoundOrNotOwned',
  'expired',
  'alreadyTransferred',
  'gateOut',
  'deleted',
  'pinFetched',
  'blocked',
  'eligible',
] as const;
export type BulkClass = (typeof bulkClasses)[number];

/**
 * Classifies one BL + container pair of a bulk file for the uploading party: null when no
 * release of its chain matches. Blocked releases cannot get a pin but can be transferred.
 */
export function classifyBulkRow(
  release: {
    isOwner: boolean;
    transferStatus: TransferStatus;
    releaseStatus: ReleaseStatus;
    validUntil: IsoDate;
    pinRetrieved: boolean;
  } | null,
  today: IsoDate,
): BulkClass {
  if (!release || (!release.isOwner && release.transferStatus !== 'transferred')) {
    return 'notFoundOrNotOwned';
  }
  if (release.releaseStatus === 'expired' || release.validUntil < today) return 'expired';
  if (release.transferStatus === 'transferred') return 'alreadyTransferred';
  if (release.releaseStatus === 'gateout') return 'gateOut';
  if (release.releaseStatus === 'deleted') return 'deleted';
  if (release.pinRetrieved) return 'pinFetched';
  if (release.releaseStatus === 'blocked') return 'blocked';
  return 'eligible';
}
