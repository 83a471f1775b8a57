import type { PreferencesView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStorageKey } from '../../i18n/language-preference.ts';
import { failure, json, stubFetch, type ReceivedRequest } from '../../test/fake-backend.ts';
import { allFeatures, forwarderUser, terminalUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const saved: PreferencesView = {
  hiddenColumns: { bl: [], container: [] },
  options: { transferred: 'container', updated: 'bl', limitBL: 10, limitCT: 50 },
  preferredLanguage: 'en',
  releaseTransferEmail: false,
  releaseUpdateEmail: true,
};

/** A backend that answers the saved preferences and echoes a save merged into them. */
function preferencesBackend(answer?: (request: ReceivedRequest) => Response) {
  return stubFetch({
    'GET /api/preferences': () => json(saved),
    'POST /api/preferences': (request) => {
      if (answer) return answer(request);
      const change = request.body as Partial<PreferencesView>;
      return json({ ...saved, ...change, options: { ...saved.options, ...change.options } }, 201);
    },
  });
}

const withoutPerBl = {
  ...forwarderUser,
  features: { ...allFeatures(true), canNotifyPerBl: false },
};

describe('access spec §2 "Settings": the settings page', () => {
  it('shows the saved choices and saves language, e-mail and grouping, then returns home in the new language', async () => {
    const backend = preferencesBackend();
    const app = renderApp({ path: '/settings', user: forwarderUser });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeVisible();
    const language = await screen.findByTestId('settings-language');
    expect(language).toHaveValue('en');
    expect(screen.getByTestId('settings-releaseTransferEmail')).not.toBeChecked();
    expect(screen.getByTestId('settings-releaseUpdateEmail')).toBeChecked();
    expect(screen.getByTestId('settings-transferred-container')).toBeChecked();
    expect(screen.getByTestId('settings-updated-bl')).toBeChecked();

    await app.events.selectOptions(language, 'nl');
    await app.events.click(screen.getByTestId('settings-releaseTransferEmail'));
    await app.events.click(screen.getByTestId('settings-releaseUpdateEmail'));
    await app.events.click(screen.getByTestId('settings-transferred-bl'));
    await app.events.click(screen.getByTestId('settings-updated-container'));
    await app.events.click(screen.getByTestId('settings-save'));

    await waitFor(() => expect(app.location()).toBe('/'));
    const [request] = backend.called('POST /api/preferences');
    expect(request!.body).toEqual({
      preferredLanguage: 'nl',
      releaseTransferEmail: true,
      releaseUpdateEmail: false,
      options: { transferred: 'bl', updated: 'container' },
    });
    // Applied at once, and remembered on this browser for the next sign-in.
    expect(await screen.findByRole('heading', { name: 'Vrijgaves' })).toBeVisible();
    expect(document.documentElement.lang).toBe('nl');
    expect(localStorage.getItem(languageStorageKey)).toBe('nl');
    expect(await screen.findByText('Uw instellingen werden opgeslagen.')).toBeVisible();
  });

  it('opens the Premium dialog for per BL without canNotifyPerBl and keeps per container (§2)', async () => {
    const backend = preferencesBackend();
    const app = renderApp({ path: '/settings', user: withoutPerBl });
    await app.events.click(await screen.findByTestId('settings-transferred-bl'));
    const dialog = await screen.findByTestId('premium-info-dialog');
    expect(dialog).toBeVisible();
    await app.events.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('premium-info-dialog')).toBeNull());
    expect(screen.getByTestId('settings-transferred-container')).toBeChecked();
    expect(screen.getByTestId('settings-transferred-bl')).not.toBeChecked();

    await app.events.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(backend.called('POST /api/preferences')).toHaveLength(1));
    expect(backend.called('POST /api/preferences')[0]!.body).toMatchObject({
      options: { transferred: 'container' },
    });
  });

  it('stays on the page with the save error when saving fails (access spec §8 "Preferences")', async () => {
    preferencesBackend(() => failure(400, 'validation_failed'));
    const app = renderApp({ path: '/settings', user: forwarderUser });
    await app.events.click(await screen.findByTestId('settings-save'));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent(
      'Your settings could not be saved.',
    );
    expect(app.location()).toBe('/settings');
  });

  it('leaves without saving on Cancel', async () => {
    const backend = preferencesBackend();
    const app = renderApp({ path: '/settings', user: forwarderUser, language: 'fr' });
    expect(await screen.findByTestId('settings-language')).toHaveValue('fr');
    await app.events.click(screen.getByTestId('settings-cancel'));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(backend.called('POST /api/preferences')).toHaveLength(0);
  });

  it('is reached from the profile menu, which terminal users do not get it in (§2 "App shell")', async () => {
    preferencesBackend();
    const app = renderApp({ path: '/releases', user: forwarderUser });
    await app.events.click(await screen.findByTestId('profile-menu-button'));
    await app.events.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByTestId('settings-page')).toBeVisible();
    expect(app.location()).toBe('/settings');

    app.unmount();
    const terminal = renderApp({ path: '/secure-pickup-containers', user: terminalUser });
    await terminal.events.click(await screen.findByTestId('profile-menu-button'));
    expect(await screen.findByTestId('profile-logout')).toBeVisible();
    expect(screen.queryByTestId('profile-settings')).toBeNull();
  });
});
