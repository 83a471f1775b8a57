import type { IsoDate } from '../dates.ts';
import type { DashboardItem, DashboardSlice } from '../releases/dashboard.ts';
import type { ContainerRow, OverviewFilter } from '../releases/overview.ts';

/**
 * The dashboard's and the big selection's contract (releases spec §2, §3 "Dashboard item", §7
 * `dashboard` find; issue 13 items 3 and 4): server `services/dashboard/`,
 * `services/release-selection/`; web `features/releases/dashboard/`, `selection/`.
 */

/** `GET /api/dashboard` (spec §7 "dashboard find: query addresses"): only these releases. */
export interface DashboardQuery {
  addresses?: string | string[];
}

/**
 * What `dashboard` find answers: the items of up to four charts (domain `dashboardItems`),
 * counted over the caller's releases not yet archived (`validUntil` from `horizon` on).
 */
export interface DashboardAnswer {
  /** How many releases were counted (every chart adds up to it, "others" included). */
  total: number;
  horizon: IsoDate;
  today: IsoDate;
  data: DashboardItem[];
}

/**
 * The most releases one selection holds: "select all that match" past it answers 400
 * `selection_too_large` (the overview counts to 5,000 in its default order, too).
 */
export const maxSelectedReleases = 5000;

/** Releases spec §2, §9: "Row selection data refreshes 1.5 seconds after selection changes". */
export const selectionRefreshMs = 1500;

/**
 * `POST /api/release-selection`: the releases an action should act on, resolved by the server.
 * Either the overview's current search, filter and dashboard slice ("select all that match"),
 * or `addresses` (a selection's fresh rows, spec §2 "Row selection data refreshes 1.5 seconds
 * after selection changes"). Send only the filter fields that are set.
 */
export interface ReleaseSelectionRequest {
  search?: string;
  filter?: OverviewFilter;
  slice?: DashboardSlice;
  addresses?: string[];
}

/** Every matching release as the caller sees it, newest BL first (the overview's order). */
export interface ReleaseSelectionAnswer {
  total: number;
  /** {@link maxSelectedReleases}: what the caller may ask at most. */
  limit: number;
  data: ContainerRow[];
}
