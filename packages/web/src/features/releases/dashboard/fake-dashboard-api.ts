import { dashboardItems, type DashboardAnswer, type DashboardCount } from '@scr/domain';
import { vi } from 'vitest';
import type { DashboardApi } from './dashboard-api.tsx';

/** Counts like the demo forwarder's: four fields that spread, one port. */
export const demoCounts: DashboardCount[] = [
  { field: 'releaseStatus', value: 'released', count: 9 },
  { field: 'releaseStatus', value: 'blocked', count: 1 },
  { field: 'transferStatus', value: 'owned', count: 6 },
  { field: 'transferStatus', value: 'transferred', count: 4 },
  { field: 'pickupLocation', value: 'K913', count: 7 },
  { field: 'pickupLocation', value: '1742', count: 3 },
  { field: 'valid', value: 'expiresIn1', count: 2 },
  { field: 'valid', value: 'later', count: 8 },
  { field: 'portOfDestination', value: 'Shanghai', count: 10 },
];

/** A dashboard answer of these counts, as the server would give it. */
export const dashboardAnswer = (counts: DashboardCount[] = demoCounts): DashboardAnswer => ({
  total: counts
    .filter((count) => count.field === 'releaseStatus')
    .reduce((sum, count) => sum + count.count, 0),
  horizon: '2026-03-01',
  today: '2026-03-10',
  data: dashboardItems(counts),
});

/** A dashboard API in memory (a spy). */
export const fakeDashboardApi = (answer: DashboardAnswer = dashboardAnswer()) => ({
  findDashboard: vi.fn<DashboardApi['findDashboard']>(async () => answer),
});
