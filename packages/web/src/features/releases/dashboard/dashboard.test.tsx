import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allFeatures, forwarderUser, userWith } from '../../../test/fixtures.ts';
import { renderReleases } from '../test/render-releases.tsx';

const forwarder = userWith({
  ...forwarderUser,
  features: { ...allFeatures(true), canSkipInitialLoad: false },
});

const lastSlice = (mock: { mock: { calls: unknown[][] } }) =>
  (mock.mock.calls.at(-1)?.[0] as { slice?: unknown }).slice ?? null;

describe('dashboard (releases spec §2 "collapsible dashboard", §3 "Dashboard item")', () => {
  it('shows up to four pie charts; a slice filters the table with the banner, a second click clears it', async () => {
    const app = renderReleases({ user: forwarder });
    // The charts' chunk arrives lazily (a first import is slow on a busy machine).
    const charts = await screen.findAllByTestId(/^dashboard-chart-/, {}, { timeout: 15_000 });
    expect(charts.map((chart) => chart.dataset.testid)).toEqual([
      'dashboard-chart-releaseStatus',
      'dashboard-chart-transferStatus',
      'dashboard-chart-pickupLocation',
      'dashboard-chart-valid',
    ]);
    expect(charts[3]).toHaveTextContent('Validity');
    // Issue 15: a known terminal by its name, an unknown code as it is.
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-slice-pickupLocation-1742')).toHaveTextContent(
        'MPET Deurganck Terminal · 3',
      ),
    );
    expect(screen.getByTestId('dashboard-slice-pickupLocation-K913')).toHaveTextContent('K913 · 7');
    expect(charts[3]).toHaveTextContent('Expires by tomorrow · 2');
    const blocked = screen.getByTestId('dashboard-slice-releaseStatus-blocked');
    expect(blocked).toHaveTextContent('Blocked · 1');
    await app.events.click(blocked);
    await waitFor(() =>
      expect(lastSlice(app.api.findBillsOfLading)).toEqual({
        field: 'releaseStatus',
        value: 'blocked',
      }),
    );
    expect(screen.getByTestId('results-banner')).toHaveTextContent(
      'Showing results for Release status: Blocked',
    );
    expect(blocked).toHaveAttribute('aria-pressed', 'true');

    // Another slice replaces it; the same one again shows everything.
    await app.events.click(screen.getByTestId('dashboard-slice-pickupLocation-K913'));
    await waitFor(() =>
      expect(screen.getByTestId('results-banner')).toHaveTextContent('Pick-up location: K913'),
    );
    await app.events.click(screen.getByTestId('dashboard-slice-pickupLocation-K913'));
    await waitFor(() => expect(screen.queryByTestId('results-banner')).toBeNull());
    // The unfiltered first page again, from the cache.
    expect(screen.getByTestId('bl-row-SOLU1234567')).toBeVisible();
    expect(screen.getByTestId('dashboard-slice-pickupLocation-K913')).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(app.dashboardApi.findDashboard).toHaveBeenCalledTimes(1);
  }, 40_000);

  it('collapses, and stays collapsed on this browser', async () => {
    const app = renderReleases({ user: forwarder });
    await screen.findByTestId('dashboard-chart-releaseStatus', {}, { timeout: 15_000 });
    await app.events.click(screen.getByTestId('dashboard-toggle'));
    await waitFor(() => expect(screen.queryByTestId('dashboard-chart-releaseStatus')).toBeNull());
    expect(screen.getByTestId('dashboard-toggle')).toHaveAttribute('aria-expanded', 'false');
    expect(window.localStorage.getItem('scr.dashboard.open')).toBe('false');
    app.unmount();
    renderReleases({ user: forwarder });
    expect(await screen.findByTestId('dashboard-toggle')).toHaveAttribute('aria-expanded', 'false');
  }, 30_000);

  it('shows the promotional page without canDashboard (§6), closed until opened, and asks nothing', async () => {
    const app = renderReleases({
      user: userWith({ ...forwarder, features: { ...forwarder.features, canDashboard: false } }),
    });
    const toggle = await screen.findByTestId('dashboard-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await app.events.click(toggle);
    const promo = await within(screen.getByTestId('dashboard')).findByTestId('premium-promo');
    expect(promo).toHaveAttribute('data-feature', 'canDashboard');
    expect(app.dashboardApi.findDashboard).not.toHaveBeenCalled();
  });
});
