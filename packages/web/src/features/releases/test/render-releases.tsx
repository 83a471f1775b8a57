import type { Language } from '@scr/domain';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../session/session-user.ts';
import { allFeatures, carrierUser, userWith } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { ReleasesApiProvider } from '../api/releases-api-context.tsx';
import { DashboardApiProvider } from '../dashboard/dashboard-api.tsx';
import { fakeDashboardApi } from '../dashboard/fake-dashboard-api.ts';
import { fakeSelectionApi } from '../selection/fake-selection-api.ts';
import { SelectionApiProvider } from '../selection/selection-api.tsx';
import { ReleasesPage } from '../releases-page.tsx';
import { fakeReleasesApi, type FakeData } from './fake-releases-api.ts';

export interface RenderReleasesOptions extends FakeData {
  user?: SessionUser;
  ui?: ReactNode;
  /** The portal's language (English unless given). */
  language?: Language;
  /** Changes the fake's answers before anything renders. */
  configure?: (api: ReturnType<typeof fakeReleasesApi>['api']) => void;
}

/** The demo carrier's plan: everything but the empty start (canSkipInitialLoad). */
export const carrier = userWith({
  ...carrierUser,
  features: { ...allFeatures(true), canSkipInitialLoad: false },
});

/** The overview (or `ui`) signed in as the carrier, on a releases API in memory. */
export function renderReleases(options: RenderReleasesOptions = {}) {
  const fake = fakeReleasesApi(options);
  options.configure?.(fake.api);
  // Issue 13: the dashboard and the big selection, in memory too.
  const dashboardApi = fakeDashboardApi();
  const selectionApi = fakeSelectionApi(() => options.containers ?? []);
  const app = renderWithProviders(
    <ReleasesApiProvider api={fake.api}>
      <DashboardApiProvider api={dashboardApi}>
        <SelectionApiProvider api={selectionApi}>
          {options.ui ?? <ReleasesPage />}
        </SelectionApiProvider>
      </DashboardApiProvider>
    </ReleasesApiProvider>,
    { user: options.user ?? carrier, ...(options.language ? { language: options.language } : {}) },
  );
  return { ...app, ...fake, dashboardApi, selectionApi };
}
