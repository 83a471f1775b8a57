import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fake-backend.ts';
import { fakeJwt, forwarderUser, terminalUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const emptyPage = { total: 0, limit: 25, skip: 0, data: [] };

describe('terminal users (access spec §2, §4 "Terminal users", §6)', () => {
  it('are always sent to the secure pick-up containers', async () => {
    stubFetch({ 'GET /api/terminal-user/secure-pickup-containers': () => json(emptyPage) });
    const app = renderApp({ path: '/releases', user: terminalUser });
    expect(await screen.findByRole('heading', { name: 'Secure pick-up containers' })).toBeVisible();
    expect(app.location()).toBe('/secure-pickup-containers');
    expect(await screen.findByTestId('secure-pickup-empty')).toHaveTextContent(
      'containers released for secure pick-up at your terminal',
    );
  });

  it('land there straight after signing in', async () => {
    stubFetch({
      'GET /api/find-user': () =>
        json({
          total: 1,
          isLimitedToOrgId: false,
          data: [
            {
              id: 103,
              email: terminalUser.email,
              organization: {
                name: 'Quay Terminal',
                address: '0x7e01',
                role: 'terminal',
                walletUrl: null,
              },
            },
          ],
        }),
      'POST /wallet/unlock': () =>
        json({
          token: 't',
          address: '0x7e01',
          userAddress: '0x7e02',
          sealingPublicKey: 'pk',
          expiresAt: '2099-01-01T00:00:00Z',
        }),
      'POST /api/authentication-challenges': () => json({ message: 'm', nonce: 'n' }),
      'POST /wallet/sign': () => json({ signature: '0x1' }),
      'POST /api/authentication': () =>
        json({ accessToken: fakeJwt(Date.now() + 900_000), user: terminalUser }),
      'GET /api/terminal-user/secure-pickup-containers': () => json(emptyPage),
    });
    const app = renderApp({ path: '/login' });
    await app.events.type(await screen.findByTestId('login-email'), `${terminalUser.email}{Enter}`);
    await app.events.type(await screen.findByTestId('login-password'), 'secret{Enter}');
    await screen.findByTestId('secure-pickup-page');
    expect(app.location()).toBe('/secure-pickup-containers');
  });

  it('see only that page and the home link in the top bar', async () => {
    renderApp({ path: '/secure-pickup-containers', user: terminalUser });
    const nav = await screen.findByTestId('main-navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Secure pick-up']);
  });

  it('while anyone else is sent home from there, and never sees the link', async () => {
    const app = renderApp({ path: '/secure-pickup-containers', user: forwarderUser });
    await screen.findByTestId('releases-page');
    await waitFor(() => expect(app.location()).toBe('/'));
    const nav = screen.getByTestId('main-navigation');
    expect(within(nav).queryByTestId('nav-secure-pickup')).toBeNull();
    expect(within(nav).getByTestId('nav-releases')).toHaveAttribute('href', '/releases');
  });
});
