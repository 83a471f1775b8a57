import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fake-backend.ts';
import { forwarderUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { AddTransporterDialog } from './transporter-dialog.tsx';

describe('a form saying them: the barge dialog in French (access spec §5 "Barge")', () => {
  it('asks for a name and an ENI number, then for 8 characters', async () => {
    const backend = stubFetch({});
    const { events } = renderWithProviders(
      <AddTransporterDialog type="barge" onClose={() => {}} />,
      {
        user: forwarderUser,
        language: 'fr',
      },
    );
    const dialog = await screen.findByTestId('add-barge-dialog');
    await events.click(within(dialog).getByTestId('transporter-save'));
    expect(within(dialog).getByText('Veuillez indiquer un nom')).toBeVisible();
    expect(within(dialog).getByText('Veuillez indiquer un numéro ENI')).toBeVisible();

    await events.type(within(dialog).getByTestId('transporter-name'), 'Rhenus 4');
    await events.type(within(dialog).getByTestId('transporter-eniNumber'), '0232');
    await events.click(within(dialog).getByTestId('transporter-save'));
    expect(within(dialog).getByText('Veuillez saisir 8 caractères')).toBeVisible();
    expect(backend.requests).toHaveLength(0);
  });
});
