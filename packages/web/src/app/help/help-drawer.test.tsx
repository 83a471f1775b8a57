import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';

describe('HelpDrawer (access spec §2 "App shell")', () => {
  it('opens with the help page of the current language, and closes again', async () => {
    const { events } = renderApp({ language: 'de' });
    expect(screen.queryByTestId('help-frame')).toBeNull();

    await events.click(await screen.findByTestId('help-toggle'));

    expect(await screen.findByTestId('help-drawer')).toBeVisible();
    expect(screen.getByTestId('help-frame')).toHaveAttribute('src', '/help/de/index.html');
    expect(screen.getByTestId('help-toggle')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('help-back')).toBeDisabled();
    expect(screen.getByTestId('help-open-new-tab')).toBeEnabled();

    await events.click(screen.getByTestId('help-close'));
    await waitFor(() => expect(screen.getByTestId('help-drawer')).not.toBeVisible());
  });

  it('follows a language change', async () => {
    const { events } = renderApp();
    await events.click(await screen.findByTestId('help-toggle'));
    // The drawer is downloaded when help first opens (issue 15).
    expect(await screen.findByTestId('help-frame')).toHaveAttribute('src', '/help/en/index.html');

    await events.click(screen.getByTestId('language-switch'));
    await events.click(await screen.findByTestId('language-option-it'));

    await waitFor(() =>
      expect(screen.getByTestId('help-frame')).toHaveAttribute('src', '/help/it/index.html'),
    );
  });

  it('opens at the password section from "Forgot password?" on the login page', async () => {
    const { events } = renderApp({ language: 'nl' });
    await events.click(await screen.findByRole('link', { name: 'Wachtwoord vergeten?' }));
    expect(await screen.findByTestId('help-frame')).toHaveAttribute(
      'src',
      '/help/nl/index.html#forgot-password',
    );
  });
});
