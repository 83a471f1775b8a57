import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { carrierUser, forwarderUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('ProfileMenu (access spec §2 "App shell", §4 "Account type label")', () => {
  it('shows e-mail, organisation and account type to a non-carrier', async () => {
    const { events } = renderApp({ path: '/releases', user: forwarderUser });
    await events.click(await screen.findByTestId('profile-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('profile-email')).toHaveTextContent(forwarderUser.email);
    expect(within(menu).getByTestId('profile-organization')).toHaveTextContent(
      'North Sea Forwarding',
    );
    expect(within(menu).getByTestId('profile-account-type')).toHaveTextContent('SCR Premium');
  });

  it('translates the account type', async () => {
    const { events } = renderApp({ path: '/releases', user: forwarderUser, language: 'de' });
    await events.click(await screen.findByTestId('profile-menu-button'));
    expect(await screen.findByTestId('profile-account-type')).toHaveTextContent('Kontotyp');
  });

  it('shows no account type to a carrier', async () => {
    const { events } = renderApp({ path: '/releases', user: carrierUser });
    await events.click(await screen.findByTestId('profile-menu-button'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('profile-email')).toHaveTextContent(carrierUser.email);
    expect(within(menu).getByTestId('profile-organization')).toHaveTextContent(
      'Oceanline Shipping',
    );
    expect(within(menu).queryByTestId('profile-account-type')).toBeNull();
  });

  it('logs out to the logged-out page', async () => {
    const { events, location } = renderApp({ path: '/releases', user: forwarderUser });
    await events.click(await screen.findByTestId('profile-menu-button'));
    await events.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByTestId('logged-out-page')).toBeVisible();
    expect(location()).toBe('/logged-out');
    expect(screen.queryByTestId('profile-menu-button')).toBeNull();
  });

  it('revokes the token and locks the wallet on logout (access spec §4 "Session")', async () => {
    sessionStorage.setItem(
      'scr.wallet',
      JSON.stringify({ url: 'http://localhost:3000/wallet', token: 'wallet-token' }),
    );
    const { events, deps, session } = renderApp({ path: '/releases', user: forwarderUser });
    await events.click(await screen.findByTestId('profile-menu-button'));
    await events.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await screen.findByTestId('logged-out-page');
    expect(deps.revokeAccessToken).toHaveBeenCalledTimes(1);
    expect(deps.lockWallet).toHaveBeenCalledWith('http://localhost:3000/wallet', 'wallet-token');
    expect(deps.disconnectRealtime).toHaveBeenCalled();
    expect(session.getState().status).toBe('signedOut');
    expect(sessionStorage.getItem('scr.wallet')).toBeNull();
  });

  it('is absent with nobody signed in', async () => {
    renderApp({ path: '/login' });
    await screen.findByTestId('login-frame');
    expect(screen.queryByTestId('profile-menu-button')).toBeNull();
    expect(screen.queryByTestId('support-box')).toBeNull();
  });
});

describe('SupportBox', () => {
  it('shows name, organisation and organisation id in the header', async () => {
    renderApp({ path: '/releases', user: forwarderUser });
    const box = await screen.findByTestId('support-box');
    expect(box).toHaveTextContent('Ann Peeters · North Sea Forwarding');
    expect(box).toHaveTextContent('Organisation ID: 4711');
  });
});
