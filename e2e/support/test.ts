import { test as base } from '@playwright/test';
import { portalUrl } from './portals.ts';

/** Where the portal remembers whether this browser's user left the dashboard open (web `dashboard-panel.tsx`). */
export const dashboardOpenKey = 'scr.dashboard.open';

/** The overview's dashboard as a journey's browsers first find it (`dashboard` option). */
export type DashboardAtStart = 'closed' | 'as-the-portal-opens-it';

/**
 * The journeys' `test` and `expect`: every spec imports them from here, never from
 * '@playwright/test' directly. Each worker talks to its own portal (`portals.ts`): pages,
 * contexts a journey opens itself and `request` all take this base URL.
 *
 * `dashboard`: the browsers of a journey, its own contexts too (Playwright gives them the test's
 * context options), start as a user's who closed the overview's dashboard (the portal remembers
 * that per browser: `dashboardOpenKey`). The charts are the overview's largest chunk, and
 * drawing them cost about 0.4 core-seconds of every overview load, some 60 loads a run in
 * journeys that never look at them (issue 10 §7). A journey that reads the charts, or checks
 * the overview as a first visit shows it, uses `test.use({ dashboard: 'as-the-portal-opens-it' })`.
 */
export const test = base.extend<{ dashboard: DashboardAtStart }>({
  dashboard: ['closed', { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => use(portalUrl(testInfo.parallelIndex)),
  storageState: async ({ baseURL, dashboard }, use) =>
    use(
      dashboard === 'closed' && baseURL
        ? {
            cookies: [],
            origins: [
              { origin: baseURL, localStorage: [{ name: dashboardOpenKey, value: 'false' }] },
            ],
          }
        : undefined,
    ),
});

export { expect, type Browser, type Page } from '@playwright/test';
