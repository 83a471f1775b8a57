import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forwarderUser, userWith } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('administration (access spec §2 "admin link", §6 isAdmin)', () => {
  it.each([
    ['an organisation admin', userWith({ isAdmin: true })],
    ['a support user', userWith({ isSupport: true })],
  ])('is linked from the profile menu for %s and loads its page', async (_who, user) => {
    const app = renderApp({ path: '/releases', user });
    await app.events.click(await screen.findByTestId('profile-menu-button'));
    const menu = await screen.findByRole('menu');
    await app.events.click(within(menu).getByRole('menuitem', { name: 'Administration' }));
    expect(await screen.findByTestId('admin-page')).toHaveTextContent('Administration');
    expect(app.location()).toBe('/admin');
  });

  it('is neither linked nor found for anyone else', async () => {
    const app = renderApp({ path: '/releases', user: forwarderUser });
    await app.events.click(await screen.findByTestId('profile-menu-button'));
    expect(within(await screen.findByRole('menu')).queryByTestId('profile-admin')).toBeNull();
    app.unmount();
    renderApp({ path: '/admin', user: forwarderUser });
    expect(await screen.findByTestId('not-found-page')).toBeVisible();
    expect(screen.queryByTestId('admin-page')).toBeNull();
  });

  it('sends a visitor who is not signed in to sign in first', async () => {
    const app = renderApp({ path: '/admin' });
    await screen.findByTestId('login-frame');
    expect(app.location()).toBe('/login?fwd=%2Fadmin');
  });
});
