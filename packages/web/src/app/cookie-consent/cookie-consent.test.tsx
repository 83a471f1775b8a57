import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stagingInfo } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { consentCookie, readConsent } from './consent-cookie.ts';

const injected = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[data-consented]')].map((s) => s.src);

describe('consent cookie (access spec §4 "Cookie consent")', () => {
  it('reads true, false or undecided', () => {
    expect(readConsent('a=1; cookieAccepted=true')).toBe(true);
    expect(readConsent('cookieAccepted=false; b=2')).toBe(false);
    expect(readConsent('notCookieAccepted=true')).toBeNull();
    expect(readConsent('')).toBeNull();
  });

  it('is kept a year on the whole site, SameSite=Lax', () => {
    expect(consentCookie(true, false)).toBe(
      'cookieAccepted=true; max-age=31536000; path=/; SameSite=Lax',
    );
    expect(consentCookie(false, true)).toMatch(/^cookieAccepted=false; .*; Secure$/);
  });
});

describe('CookieBanner', () => {
  it('loads chat and analytics only after OK', async () => {
    const { events } = renderApp({ appInfo: stagingInfo });
    const banner = await screen.findByTestId('cookie-banner');
    expect(banner).toBeVisible();
    expect(injected()).toEqual([]);

    await events.click(screen.getByTestId('cookie-accept'));

    expect(document.cookie).toContain('cookieAccepted=true');
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(injected()).toEqual([stagingInfo.chatScriptUrl, stagingInfo.analyticsScriptUrl]);
  });

  it('access spec §4: sits at the foot of the page, after the main content, so it covers nothing there', async () => {
    renderApp({ appInfo: stagingInfo });
    const banner = await screen.findByTestId('cookie-banner');
    // Sticky in the page's column, not fixed over it: the page ends below the banner's room.
    expect(banner).toHaveStyle({ position: 'sticky', bottom: '0px' });
    const main = document.getElementById('main')!;
    expect(main.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.parentElement).toBe(main.parentElement);
  });

  it('never loads them after Decline', async () => {
    const { events } = renderApp({ appInfo: stagingInfo });
    await events.click(await screen.findByTestId('cookie-decline'));

    expect(document.cookie).toContain('cookieAccepted=false');
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(injected()).toEqual([]);
  });

  it('remembers an earlier OK: no banner, scripts loaded', async () => {
    document.cookie = 'cookieAccepted=true; path=/';
    renderApp({ appInfo: stagingInfo });
    await screen.findByTestId('login-frame');
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(injected()).toHaveLength(2);
  });

  it('remembers an earlier Decline: no banner, no scripts', async () => {
    document.cookie = 'cookieAccepted=false; path=/';
    renderApp({ appInfo: stagingInfo });
    await screen.findByTestId('login-frame');
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(injected()).toEqual([]);
  });

  it('adds nothing after OK when the installation has no chat or analytics', async () => {
    const { events } = renderApp();
    await events.click(await screen.findByTestId('cookie-accept'));
    expect(injected()).toEqual([]);
  });
});
