import { addDays, todayInBrussels, type IsoDate } from '../dates.ts';

/** Releases spec §4: the "valid" filter values; showOnlyValid is the default. */
export const validityFilters = [
  'showOnlyValid',
  'showOnlyInvalid',
  'expiresIn1',
  'expiresIn5',
  'showBoth',
] as const;
export type ValidityFilter = (typeof validityFilters)[number];
export const defaultValidityFilter: ValidityFilter = 'showOnlyValid';

/**
 * The `validUntil` range a validity filter selects on `today` (inclusive bounds; null = open).
 * Valid: still valid today. Invalid: expired before today. expiresIn1: valid today and expiring
 * by tomorrow; expiresIn5: within five days. showBoth: everything.
 */
export function validityRange(
  filter: ValidityFilter,
  today: IsoDate = todayInBrussels(),
): { from: IsoDate | null; to: IsoDate | null } {
  switch (filter) {
    case 'showOnlyValid':
      return { from: today, to: null };
    case 'showOnlyInvalid':
      return { from: null, to: addDays(today, -1) };
    case 'expiresIn1':
      return { from: today, to: addDays(today, 1) };
    case 'expiresIn5':
      return { from: today, to: addDays(today, 5) };
    case 'showBoth':
      return { from: null, to: null };
  }
}

/** Whether a release with this `validUntil` passes the filter on `today`. */
export function passesValidityFilter(
  validUntil: IsoDate,
  filter: ValidityFilter,
  today: IsoDate = todayInBrussels(),
): boolean {
  const { from, to } = validityRange(filter, today);
  return (from === null || validUntil >= from) && (to === null || validUntil <= to);
}
