/** Releases spec §2 and §9: rows per page on offer. */
export const rowsPerPageOptions = [10, 25, 50] as const;

/** The overview's two views: grouped by BL, or one row per container. */
export type OverviewView = 'bl' | 'container';

/** Releases spec §9: 10 rows for BL views, 50 for container views. */
export const defaultRowLimit: Record<OverviewView, number> = { bl: 10, container: 50 };

/**
 * Releases spec §5 "Stored preferences" (access spec §5): a saved limit that is empty or above
 * 50 is reset to the view's default.
 */
export function normaliseRowLimit(saved: unknown, view: OverviewView): number {
  const limit = typeof saved === 'string' && saved.trim() !== '' ? Number(saved) : saved;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit <= 0 || limit > 50) {
    return defaultRowLimit[view];
  }
  return limit;
}

/**
 * Releases spec §2: hidden until the user chooses otherwise: portOfLoading and
 * portOfDestination in the BL view, validFrom and the pickup port in the container view; and
 * the next mode of transport (§7 `nmots`), a column the spec's list does not name. Issue 15:
 * the container view starts compact, so that at 1440 px the container number, the statuses
 * and the actions fit without scrolling: the six turn-in columns (truck, barge, rail) and the
 * visit number are one click away too ("Show/Hide columns"). So is the vessel, a BL's field
 * (the BL tab and the BL's dialog show it): without it the default columns of every role fit a
 * 1440 px window whole, none under the pinned ones. So is the pickup method, where it is shown
 * at all (§2 "pickupMethod"): the BL tab and the phone cards show it from the start. A user's
 * saved choice wins.
 */
export const defaultHiddenColumns: Record<OverviewView, string[]> = {
  bl: ['portOfLoading', 'portOfDestination'],
  container: [
    'validFrom',
    'pickupPort',
    'nextModeOfTransport',
    'vessel',
    'pickupMethod',
    'turnInLocation',
    'turnInReference',
    'turnInLocationBarge',
    'turnInReferenceBarge',
    'turnInLocationRail',
    'turnInReferenceRail',
    'assignedVisitNumber',
  ],
};
