import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { carrierUser, forwarderUser } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { sessionStorageKey } from '../../features/session/session-storage.ts';
import { RequireCarrier } from '../../features/session/carrier-only.tsx';

describe('/logout (access spec §2 "Routes", §4 "Session")', () => {
  it('signs out whoever is signed in: the token is revoked, storage cleared, the logged-out page shown', async () => {
    const app = renderApp({ path: '/logout', user: forwarderUser });
    expect(await screen.findByTestId('logged-out-page')).toBeVisible();
    expect(app.location()).toBe('/logged-out');
    expect(app.deps.revokeAccessToken).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(app.session.getState().status).toBe('signedOut');
  });

  it('shows the logged-out page to someone already signed out', async () => {
    const app = renderApp({ path: '/logout' });
    expect(await screen.findByTestId('logged-out-page')).toBeVisible();
    expect(app.deps.revokeAccessToken).not.toHaveBeenCalled();
  });
});

/** A carrier-only page under the guard, as a route would put it. */
const carrierPage = (
  <RequireCarrier>
    <p data-testid="carrier-page">Carrier tools</p>
  </RequireCarrier>
);

describe('the carrier-only page warning (releases spec §2 "Warnings", access spec §8)', () => {
  it('tells any other role the page is for carriers only', async () => {
    renderWithProviders(carrierPage, { user: forwarderUser });
    expect(await screen.findByTestId('carrier-only-warning')).toHaveTextContent(
      'This page is for carriers (shipping lines) only.',
    );
    expect(screen.queryByTestId('carrier-page')).toBeNull();
  });

  it('shows carriers the page', async () => {
    renderWithProviders(carrierPage, { user: carrierUser });
    await waitFor(() => expect(screen.getByTestId('carrier-page')).toBeVisible());
    expect(screen.queryByTestId('carrier-only-warning')).toBeNull();
  });
});
