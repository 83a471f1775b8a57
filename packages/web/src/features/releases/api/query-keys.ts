import type { OverviewQuery } from './overview-query.ts';

/**
 * Query keys of the releases pages. Everything a release change makes stale starts with
 * `releaseKeys.overview`, so one invalidation refreshes both tabs and every expanded BL.
 */
export const releaseKeys = {
  overview: ['releases', 'overview'] as const,
  billsOfLading: (query: OverviewQuery) => ['releases', 'overview', 'bl', query] as const,
  containers: (query: OverviewQuery, blNumber?: string) =>
    ['releases', 'overview', 'containers', blNumber ?? null, query] as const,
  allOfBl: (blNumber: string) => ['releases', 'overview', 'all-of-bl', blNumber] as const,
  preferences: ['releases', 'preferences'] as const,
  terms: (blNumber: string) => ['releases', 'terms', blNumber] as const,
  terminals: ['lookups', 'terminals'] as const,
  ports: ['lookups', 'ports'] as const,
  assignLocations: ['lookups', 'assign-locations'] as const,
};
