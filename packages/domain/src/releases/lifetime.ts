import { addDays, todayInBrussels, type IsoDate } from '../dates.ts';

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
 */
export function unblockedStatus(
  release: { validUntil: IsoDate | null; releasedOn: IsoDate },
  today: IsoDate = todayInBrussels(),
): 'released' | 'expired' {
  return isExpired(release, today) ? 'expired' : 'released';
}
