import { addDays, todayInBrussels, type IsoDate } from '../dates.ts';
import { heldForScan, type GreenLights } from './green-lights.ts';
import type { ReleaseStatus } from './release.ts';

/** Releases spec §4 "Commercial release lifetime" and §9. */
export const defaultLifetimeDays = 60;
export const archiveAfterExpiryDays = 10;

/**
 * The day a commercial release expires: the date set by the agent (`validUntil`), or else 60
 * calendar days after the release date.
 */
export function expiresOn(release: { validUntil: IsoDate | null; releasedOn: IsoDate }): IsoDate {
  return release.validUntil ?? addDays(release.releasedOn, defaultLifetimeDays);
}

/** The day the release right is archived: at gate-out, or 10 calendar days after expiry. */
export function archivedOn(release: {
  validUntil: IsoDate | null;
  releasedOn: IsoDate;
  gateOutOn?: IsoDate | null;
}): IsoDate {
  return release.gateOutOn ?? addDays(expiresOn(release), archiveAfterExpiryDays);
}

/** Whether a release has expired on `today` (the day after its last valid day). */
export function isExpired(
  release: { validUntil: IsoDate | null; releasedOn: IsoDate },
  today: IsoDate = todayInBrussels(),
): boolean {
  return expiresOn(release) < today;
}

/**
 * The status an unblocked release returns to (releases spec §4 "Effects": "between blocked and
 * its unblocked state"): released, or expired when its validity passed while it was blocked.
 * Given its lights, a release customs still holds for scan is `blockedForScanning` instead.
 */
export function unblockedStatus(
  release: { validUntil: IsoDate | null; releasedOn: IsoDate },
  today?: IsoDate,
): 'released' | 'expired';
export function unblockedStatus(
  release: { validUntil: IsoDate | null; releasedOn: IsoDate },
  today: IsoDate | undefined,
  lights: GreenLights | null | undefined,
): 'released' | 'expired' | 'blockedForScanning';
export function unblockedStatus(
  release: { validUntil: IsoDate | null; releasedOn: IsoDate },
  today: IsoDate = todayInBrussels(),
  lights?: GreenLights | null,
): 'released' | 'expired' | 'blockedForScanning' {
  if (isExpired(release, today)) return 'expired';
  return heldForScan(lights) ? 'blockedForScanning' : 'released';
}

/**
 * The latest `validUntil` of a release expired on `today` (its last valid day is before today):
 * what the expiry job's SQL compares with, derived from {@link isExpired}.
 */
export function lastExpiredValidUntil(today: IsoDate): IsoDate {
  return addDays(today, -1);
}

/**
 * The latest `validUntil` of a release archived by `today` ({@link archivedOn} on or before
 * today, without gate-out): what the expiry job's SQL compares with.
 */
export function lastArchivedValidUntil(today: IsoDate): IsoDate {
  return addDays(today, -archiveAfterExpiryDays);
}

/**
 * The status after an edit moves `validUntil` (releases spec §4, §6 "edit"): an expired release
 * valid again on `today` is released again; any other keeps its status.
 */
export function statusAfterValidityEdit(
  status: ReleaseStatus,
  validUntil: IsoDate,
  today: IsoDate = todayInBrussels(),
): ReleaseStatus {
  if (status !== 'expired') return status;
  return isExpired({ validUntil, releasedOn: validUntil }, today) ? 'expired' : 'released';
}
