import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionDeps } from '../session/session-store.ts';
import type { SessionUser } from '../session/session-user.ts';
import { failure, json, stubFetch } from '../../test/fake-backend.ts';
import { fakeJwt, userWith } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { defaultAutoHideMs } from '../../ui/snackbar/snackbar-provider.tsx';
import { gateErrorMs } from './use-accept-gate.ts';

const eula = { id: 3, url: 'https://portal.example/eula-v3.pdf' };
const invited = { invitedByMsc: true, termsAcceptedAt: null };

/** The server's jwt re-authentication, answering the users in turn. */
function reAuthenticateAs(...users: SessionUser[]): SessionDeps['reAuthenticate'] {
  const queue = [...users];
  return vi.fn(async () => ({
    accessToken: fakeJwt(Date.now() + 900_000),
    user: queue.length > 1 ? queue.shift()! : queue[0]!,
    twoFactorRequired: false,
  }));
}

describe('EULA dialog (access spec §2, §4 step 5)', () => {
  it('accepts only once ticked, then re-authenticates for the updated user', async () => {
    const backend = stubFetch({ 'PATCH /api/users/101': () => json({ id: 101 }) });
    const reAuthenticate = reAuthenticateAs(userWith({ eulaToSign: null }));
    const app = renderApp({
      path: '/releases',
      user: userWith({ eulaToSign: eula }),
      sessionDeps: { reAuthenticate },
    });
    const dialog = await screen.findByTestId('eula-dialog');
    expect(screen.queryByTestId('releases-page')).toBeNull();
    expect(within(dialog).getByTestId('eula-link')).toHaveAttribute('href', eula.url);
    expect(within(dialog).getByTestId('eula-link')).toHaveAttribute('target', '_blank');
    const submit = within(dialog).getByTestId('eula-submit');
    expect(submit).toBeDisabled();

    await app.events.click(within(dialog).getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await app.events.click(submit);

    expect(await screen.findByTestId('releases-page')).toBeVisible();
    expect(backend.called('PATCH /api/users/101')[0]?.body).toEqual({ eulaId: 3 });
    expect(backend.called('PATCH /api/users/101')[0]?.authorization).toMatch(/^Bearer /);
    expect(reAuthenticate).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('eula-dialog')).toBeNull();
  });

  it('shows a failure in a snackbar for 3 seconds and stays', async () => {
    stubFetch({ 'PATCH /api/users/101': () => failure(503, 'database_unavailable') });
    const app = renderApp({ path: '/releases', user: userWith({ eulaToSign: eula }) });
    await app.events.click(await screen.findByRole('checkbox'));
    await app.events.click(screen.getByTestId('eula-submit'));
    const snackbar = await screen.findByTestId('snackbar');
    const shownAt = Date.now();
    expect(snackbar).toHaveTextContent('The database cannot be reached right now.');
    expect(screen.getByTestId('eula-dialog')).toBeVisible();
    // Gone after its own time, before the default one: the margins hold on a busy machine.
    await waitForElementToBeRemoved(() => screen.queryByTestId('snackbar'), {
      timeout: defaultAutoHideMs - 500,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(gateErrorMs - 500);
  });

  it('logs out on cancel', async () => {
    const app = renderApp({ path: '/releases', user: userWith({ eulaToSign: eula }) });
    await app.events.click(await screen.findByTestId('eula-cancel'));
    expect(await screen.findByTestId('logged-out-page')).toBeVisible();
    expect(app.deps.revokeAccessToken).toHaveBeenCalledTimes(1);
    expect(app.session.getState().status).toBe('signedOut');
  });
});

describe('terms dialog (access spec §2, §4 "Terms")', () => {
  it('comes after the EULA, lists the duties, and saves termsAcceptedAt once agreed', async () => {
    const backend = stubFetch({ 'PATCH /api/users/101': () => json({ id: 101 }) });
    const reAuthenticate = reAuthenticateAs(
      userWith({ ...invited, eulaToSign: null }),
      userWith({ invitedByMsc: true, termsAcceptedAt: '2026-03-02T09:00:00.000Z' }),
    );
    const app = renderApp({
      path: '/releases',
      user: userWith({ ...invited, eulaToSign: eula }),
      sessionDeps: { reAuthenticate },
    });
    await app.events.click(await screen.findByTestId('eula-accept-checkbox'));
    await app.events.click(screen.getByTestId('eula-submit'));

    const dialog = await screen.findByTestId('terms-dialog');
    const duties = within(dialog).getByTestId('terms-duties');
    expect(duties).toHaveTextContent('customs clearance');
    expect(duties).toHaveTextContent('available at the terminal');
    expect(duties).toHaveTextContent('empty and clean');
    expect(duties).toHaveTextContent('demurrage and storage charges');
    const ok = within(dialog).getByTestId('terms-ok');
    expect(ok).toBeDisabled();
    await app.events.click(within(dialog).getByRole('checkbox'));
    await app.events.click(ok);

    expect(await screen.findByTestId('releases-page')).toBeVisible();
    const patches = backend.called('PATCH /api/users/101');
    expect(patches.map((p) => p.body)).toEqual([
      { eulaId: 3 },
      { termsAcceptedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
    ]);
  });
});

describe('subscription-expired screen (access spec §2, §4 "Subscription access")', () => {
  const since = (subscriptionId: number, endDate: string | null = null) => ({
    subscriptionId,
    startDate: '2020-01-01',
    endDate,
  });

  it('says the SCR subscription expired when only the SCR plan is missing', async () => {
    const user = userWith({ subscriptions: [since(1), since(4, '2021-12-31')] });
    renderApp({ path: '/releases', user });
    const page = await screen.findByTestId('subscription-expired-page');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your SCR subscription has expired.',
    );
    expect(page).toHaveTextContent('Your account is temporarily deactivated.');
    expect(screen.queryByTestId('releases-page')).toBeNull();
  });

  it('says no ID wallet subscription was found when the wallet plan is missing', async () => {
    renderApp({ path: '/releases', user: userWith({ subscriptions: [since(4)] }) });
    expect(
      await screen.findByRole('heading', { name: 'No active ID wallet subscription found.' }),
    ).toBeVisible();
  });

  it('offers SCR Premium through /order, which stays reachable', async () => {
    const user = userWith({ subscriptions: [since(2)] });
    const app = renderApp({ path: '/releases', user });
    const premium = await screen.findByTestId('subscription-option-premium');
    expect(premium).toHaveTextContent('Option 1: continue with SCR Premium');
    await app.events.click(within(premium).getByRole('link', { name: 'Order SCR Premium' }));
    expect(await screen.findByTestId('order-page')).toBeVisible();
    expect(app.location()).toBe('/order');
  });

  it('offers SCR Basic with the guide to the ID wallet on premise', async () => {
    const app = renderApp({ path: '/releases', user: userWith({ subscriptions: [since(2)] }) });
    const basic = await screen.findByTestId('subscription-option-basic');
    expect(basic).toHaveTextContent('Option 2: work for free with SCR Basic');
    const guide = within(basic).getByTestId('subscription-guide');
    expect(guide).toHaveAttribute('href', '/help/en/index.html#wallet-on-premise');
    await app.events.click(guide);
    expect(await screen.findByTestId('help-frame')).toHaveAttribute(
      'src',
      '/help/en/index.html#wallet-on-premise',
    );
  });

  it('logs out from there', async () => {
    const app = renderApp({ path: '/releases', user: userWith({ subscriptions: [] }) });
    await app.events.click(await screen.findByTestId('subscription-logout'));
    expect(await screen.findByTestId('logged-out-page')).toBeVisible();
  });
});

describe('two-factor before anything else (access spec §2 "Two-factor email screen")', () => {
  it('sends a protected page to /two-factor, keeping where the user was going', async () => {
    stubFetch({ 'GET /api/two-factor/auth/email': () => json({ sent: true }) });
    const app = renderApp({
      path: '/releases?page=2',
      user: userWith({ eulaToSign: eula }),
      twoFactorPending: true,
    });
    expect(await screen.findByTestId('two-factor-page')).toBeVisible();
    await waitFor(() => expect(app.location()).toBe('/two-factor?fwd=%2Freleases%3Fpage%3D2'));
    expect(screen.queryByTestId('eula-dialog')).toBeNull();
  });
});
