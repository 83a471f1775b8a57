import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStorageKey } from '../../i18n/language-preference.ts';
import { userWith } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('the user’s preferred language (access spec §7 "preferredLanguage on login")', () => {
  it('is applied when this browser has no explicit choice', async () => {
    renderApp({ path: '/releases', user: userWith({ preferredLanguage: 'nl' }), language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Vrijgaves' })).toBeVisible();
    expect(document.documentElement.lang).toBe('nl');
  });

  it('gives way to a language chosen on this browser', async () => {
    localStorage.setItem(languageStorageKey, 'en');
    renderApp({ path: '/releases', user: userWith({ preferredLanguage: 'nl' }), language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Releases' })).toBeVisible();
  });
});
