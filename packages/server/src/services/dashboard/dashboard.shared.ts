import { servicePaths } from '@scr/domain';
import type { DashboardAnswer } from '@scr/domain';

/** Path and methods of the dashboard (releases spec §7 "dashboard find"; REST: GET /api/dashboard). */
export const dashboardPath = servicePaths.dashboard;

export const dashboardMethods = ['find'] as const;

export type { DashboardAnswer };
