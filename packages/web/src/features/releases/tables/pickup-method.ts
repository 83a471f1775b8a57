/** An assign location (the way a terminal wants containers picked up) and its display order. */
export interface AssignLocation {
  order: number;
}

/** The order that means "no pickup method to show". */
export const unorderedAssignLocation = 999;

/**
 * Releases spec §2: the pickupMethod column is shown only when at least one assign location has
 * an order other than 999. No assign locations exist yet, so for now the column is absent.
 */
export function showsPickupMethodColumn(locations: readonly AssignLocation[]): boolean {
  return locations.some((location) => location.order !== unorderedAssignLocation);
}

/** The assign locations known to the overview; they arrive with the assignment issue. */
export const knownAssignLocations: readonly AssignLocation[] = [];
