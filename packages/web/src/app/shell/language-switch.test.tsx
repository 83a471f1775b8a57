import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStorageKey } from '../../i18n/language-preference.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('LanguageSwitch', () => {
  it('lists the five languages under their own names', async () => {
    const { events } = renderApp();
    await events.click(await screen.findByTestId('language-switch'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Français', 'Nederlands', 'Deutsch', 'Italiano']);
  });

  it('switches the visible text and <html lang>, and remembers the choice', async () => {
    const { events } = renderApp();
    expect(await screen.findByRole('heading', { name: 'Secure Container Release' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');

    await events.click(screen.getByTestId('language-switch'));
    await events.click(await screen.findByTestId('language-option-fr'));

    expect(
      await screen.findByRole('heading', { name: 'Libération sécurisée des conteneurs' }),
    ).toBeVisible();
    expect(screen.getByText('Mot de passe oublié ?')).toBeVisible();
    expect(document.documentElement.lang).toBe('fr');
    // Issue 15: the tab names the page, then the product.
    expect(document.title).toBe('Se connecter · Libération sécurisée des conteneurs');
    expect(localStorage.getItem(languageStorageKey)).toBe('fr');
  });

  it('starts in the remembered language', async () => {
    localStorage.setItem(languageStorageKey, 'nl');
    const { createI18n } = await import('../../i18n/i18n.ts');
    expect(createI18n().language).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
  });
});
