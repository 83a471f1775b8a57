import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import { forwarderUser, stagingInfo } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { BrowserChip } from './browser-chip.tsx';

describe('VersionBadge (access spec §2: non-production only)', () => {
  it('shows version and environment outside production', async () => {
    renderApp({ appInfo: stagingInfo });
    expect(await screen.findByTestId('version-badge')).toHaveTextContent('v1.8.4 · staging');
  });

  it('arrives right of the navigation, so that its arrival never moves the links', async () => {
    renderApp({ path: '/releases', user: forwarderUser, appInfo: stagingInfo });
    const badge = await screen.findByTestId('version-badge');
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      navigation.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('is absent in production', async () => {
    renderApp();
    await screen.findByTestId('login-frame');
    expect(screen.queryByTestId('version-badge')).toBeNull();
  });

  it('issue 9 §5: is absent when the server leaves the version out', async () => {
    const { version: _version, ...withoutVersion } = stagingInfo;
    renderApp({ appInfo: withoutVersion });
    await screen.findByTestId('login-frame');
    expect(screen.queryByTestId('version-badge')).toBeNull();
  });

  it('is absent, and nothing breaks, when app info cannot be fetched', async () => {
    const app = renderApp({ appInfo: null });
    await screen.findByTestId('login-frame');
    await app.queryClient.refetchQueries({ queryKey: ['app-info'] }).catch(() => undefined);
    expect(screen.queryByTestId('version-badge')).toBeNull();
    expect(screen.getByTestId('help-toggle')).toBeVisible();
  });
});

describe('BrowserChip', () => {
  const renderChip = (userAgent: string) =>
    render(
      <I18nextProvider i18n={createI18n({ language: 'en' })}>
        <BrowserChip userAgent={userAgent} />
      </I18nextProvider>,
    );

  it('warns in a browser other than Chrome or Edge', () => {
    renderChip('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0');
    expect(screen.getByTestId('browser-unsupported')).toHaveTextContent('Browser not supported');
  });

  it('stays away in Chrome', () => {
    renderChip('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36');
    expect(screen.queryByTestId('browser-unsupported')).toBeNull();
  });
});

describe('the navigation on one line (access spec §2 "App shell")', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts the links that do not fit under More, which opens them', async () => {
    // jsdom lays nothing out: every link and the More button 100 pixels, 250 for the links.
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.dataset.testid === 'main-navigation' ? 250 : 0;
    });
    const app = renderApp({ path: '/releases', user: forwarderUser });
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByTestId('nav-releases')).toBeVisible();
    expect(within(navigation).queryByTestId('nav-documents')).toBeNull();
    await app.events.click(within(navigation).getByRole('button', { name: 'More' }));
    const menu = await screen.findByTestId('navigation-more-menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Drivers',
      'Barges',
      'Trains',
      'Success report',
      'Requests for release',
      'Documents',
    ]);
    await app.events.click(within(menu).getByTestId('nav-documents'));
    expect(app.visited.at(-1)).toBe('/documents');
  });

  it('shows every link where they fit', async () => {
    renderApp({ path: '/releases', user: forwarderUser });
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByTestId('nav-documents')).toBeInTheDocument();
    expect(within(navigation).queryByRole('button', { name: 'More' })).toBeNull();
  });
});
