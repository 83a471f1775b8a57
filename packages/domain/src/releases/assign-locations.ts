import { defaultLanguage, type Language } from '../languages.ts';

/**
 * An assign location (releases spec §2 "pickupMethod", §3 "assignLocationLabel"): a group of
 * terminals whose containers are picked up one way (Antwerp's Certified Pick-up with alfaPass,
 * Port of Limburg's secure pick-up with itsme, a pincode at the gate), with its label in every
 * language and its display order. `assign-locations` find answers them in that order.
 */
export interface AssignLocation {
  code: string;
  /** The label in each of the portal's languages. */
  labels: Record<Language, string>;
  /** Lower first; `unorderedAssignLocation` (999) leaves the location unordered. */
  order: number;
  /** The terminals (pickup locations) of the location; a terminal lies in one location at most. */
  terminalCodes: string[];
}

/** The order of a location no one has put in order: the default, and always last. */
export const unorderedAssignLocation = 999;

/**
 * Releases spec §2: the pickupMethod column (both tabs) is shown only when at least one assign
 * location has an order other than 999.
 */
export function showsPickupMethodColumn(locations: readonly Pick<AssignLocation, 'order'>[]) {
  return locations.some((location) => location.order !== unorderedAssignLocation);
}

/** Display order: by `order`, then by code, so that two runs never differ. */
export function compareAssignLocations(
  a: Pick<AssignLocation, 'order' | 'code'>,
  b: Pick<AssignLocation, 'order' | 'code'>,
): number {
  return a.order - b.order || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/** The assign location a terminal lies in (a container's pickup method), or null. */
export function assignLocationAt<L extends Pick<AssignLocation, 'terminalCodes'>>(
  terminalCode: string | null | undefined,
  locations: readonly L[],
): L | null {
  if (!terminalCode) return null;
  return locations.find((location) => location.terminalCodes.includes(terminalCode)) ?? null;
}

/**
 * Releases spec §3 "Bill of lading: assignLocationLabel": a BL's pickup method is the assign
 * location of its containers' pickup locations; when they lie in several, the first in display
 * order (`compareAssignLocations`). Null when none of them lies in an assign location.
 */
export function billOfLadingAssignLocation<L extends AssignLocation>(
  pickupLocations: readonly (string | null | undefined)[],
  locations: readonly L[],
): L | null {
  const found = new Set<L>();
  for (const code of pickupLocations) {
    const location = assignLocationAt(code, locations);
    if (location) found.add(location);
  }
  return [...found].sort(compareAssignLocations)[0] ?? null;
}

/** The location's label in `language`, in English when that one is missing. */
export function assignLocationLabel(
  location: Pick<AssignLocation, 'labels'>,
  language: Language,
): string {
  return location.labels[language] || location.labels[defaultLanguage];
}
