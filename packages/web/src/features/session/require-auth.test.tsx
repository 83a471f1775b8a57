import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forwarderUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('RequireAuth (access spec §2: /loading?fwd={original path})', () => {
  it('sends a visitor who is not signed in from /releases via /loading to /login', async () => {
    const app = renderApp({ path: '/releases' });
    expect(await screen.findByTestId('login-frame')).toBeVisible();
    expect(app.visited).toEqual([
      '/releases',
      '/loading?fwd=%2Freleases',
      '/login?fwd=%2Freleases',
    ]);
    expect(screen.queryByTestId('releases-page')).toBeNull();
  });

  it('keeps the query of the original address in fwd', async () => {
    const app = renderApp({ path: '/releases?bl=MSCU1234567&page=2' });
    await screen.findByTestId('login-frame');
    expect(app.visited[1]).toBe('/loading?fwd=%2Freleases%3Fbl%3DMSCU1234567%26page%3D2');
    expect(app.location()).toBe('/login?fwd=%2Freleases%3Fbl%3DMSCU1234567%26page%3D2');
  });

  it('guards the root path too', async () => {
    const app = renderApp({ path: '/' });
    await screen.findByTestId('login-frame');
    expect(app.visited).toEqual(['/', '/loading?fwd=%2F', '/login?fwd=%2F']);
  });

  it('lets a signed-in user through', async () => {
    const app = renderApp({ path: '/releases', user: forwarderUser });
    expect(await screen.findByTestId('releases-page')).toBeVisible();
    expect(app.visited).toEqual(['/releases']);
  });
});

describe('LoadingPage', () => {
  it('forwards a signed-in user to fwd', async () => {
    const app = renderApp({ path: '/loading?fwd=%2Freleases%3Fpage%3D2', user: forwarderUser });
    await screen.findByTestId('releases-page');
    expect(app.location()).toBe('/releases?page=2');
  });

  it('sends a signed-in user without fwd to the releases', async () => {
    const app = renderApp({ path: '/loading', user: forwarderUser });
    await waitFor(() => expect(app.location()).toBe('/releases'));
  });

  it('ignores a fwd that leaves the site', async () => {
    const app = renderApp({ path: '/loading?fwd=https%3A%2F%2Fevil.example', user: forwarderUser });
    await waitFor(() => expect(app.location()).toBe('/releases'));
  });

  it('sends a visitor without fwd to plain /login', async () => {
    const app = renderApp({ path: '/loading' });
    await screen.findByTestId('login-frame');
    expect(app.location()).toBe('/login');
  });
});

describe('public pages', () => {
  it('shows a translated not-found page with a link home for an unknown path', async () => {
    renderApp({ path: '/no/such/page', language: 'de' });
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('shows the logged-out page with a way back to sign in', async () => {
    renderApp({ path: '/logged-out' });
    expect(await screen.findByTestId('logged-out-page')).toHaveTextContent(
      'You have been logged out',
    );
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
  });

  it('carries the shell on the login page', async () => {
    renderApp({ path: '/login' });
    expect(await screen.findByTestId('login-frame')).toBeVisible();
    expect(screen.getByTestId('help-toggle')).toBeVisible();
    expect(screen.getByTestId('language-switch')).toBeVisible();
    expect(screen.queryByTestId('profile-menu-button')).toBeNull();
  });
});
