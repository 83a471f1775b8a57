import { test as base } from '@playwright/test';
import { portalUrl } from './portals.ts';

/**
 * The journeys' `test` and `expect`: every spec imports them from here, never from
 * '@playwright/test' directly. Each worker talks to its own portal (`portals.ts`): pages,
 * contexts a journey opens itself and `request` all take this base URL.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => use(portalUrl(testInfo.parallelIndex)),
});

export { expect, type Browser, type Page } from '@playwright/test';
