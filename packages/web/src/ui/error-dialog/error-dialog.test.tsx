import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../api/http.ts';
import { forwarderUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { useHelp } from '../help/help-context.tsx';
import { pageNavigation } from '../page-navigation.ts';
import { useErrorDialog } from './error-dialog.tsx';

/** A button that fails with the given error, as any page's call would. */
function Failing({ error }: { error: unknown }) {
  const { showError } = useErrorDialog();
  const help = useHelp();
  return (
    <>
      <button type="button" onClick={() => showError(error)}>
        fail
      </button>
      <output data-testid="help-state">
        {help.isOpen ? `${help.view}: ${help.ticketDestination}` : 'closed'}
      </output>
    </>
  );
}

async function fail(error: unknown, options: Parameters<typeof renderWithProviders>[1] = {}) {
  const app = renderWithProviders(<Failing error={error} />, { user: forwarderUser, ...options });
  await app.events.click(await screen.findByRole('button', { name: 'fail' }));
  return { app, dialog: await screen.findByTestId('error-dialog') };
}

describe('the general error dialog (releases spec §8, access spec §8 "401 generic dialog")', () => {
  it('shows the general title, the status and the translated text, and offers support', async () => {
    const { app, dialog } = await fail(
      new HttpError(503, 'database_unavailable', 'down', {
        code: 'database_unavailable',
      }),
    );
    expect(within(dialog).getByText('Something went wrong')).toBeVisible();
    expect(within(dialog).getByTestId('error-dialog-status')).toHaveTextContent('Status 503');
    expect(within(dialog).getByTestId('error-dialog-text')).toHaveTextContent(
      'The database cannot be reached right now.',
    );
    await app.events.click(within(dialog).getByTestId('contact-support'));
    // The ticket form opens in the help drawer, about this error.
    expect(screen.getByTestId('help-state')).toHaveTextContent('ticket: error 503');
    await waitFor(() => expect(screen.queryByTestId('error-dialog')).toBeNull());
  });

  it('shows "Error: text" for a failure without a catalogued code', async () => {
    const { dialog } = await fail(new Error('the printer is on fire'));
    expect(within(dialog).queryByTestId('error-dialog-status')).toBeNull();
    expect(within(dialog).getByTestId('error-dialog-text')).toHaveTextContent(
      'Error: the printer is on fire',
    );
  });

  it('a 401 shows the authentication message, and closing it reloads the page', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const { app, dialog } = await fail(new HttpError(401, 'not_authenticated', 'No token'));
    expect(within(dialog).getByTestId('error-dialog-text')).toHaveTextContent(
      'You are not signed in, or your sign-in is no longer valid.',
    );
    await app.events.click(within(dialog).getByTestId('error-dialog-close'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a 401 with empty text once the token has expired says the session expired', async () => {
    vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const { dialog } = await fail(new HttpError(401, null, ''), { user: null });
    expect(within(dialog).getByTestId('error-dialog-text')).toHaveTextContent(
      'Your session has expired or is invalid. Please log in again.',
    );
  });
});
