import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../api/http.ts';
import { container } from '../test/fake-releases-api.ts';
import { renderReleases } from '../test/render-releases.tsx';
import { EditReleaseDialog, MultiEditDialog } from './edit-releases-dialog.tsx';

const rows = [
  container({ address: '0xr1', containerNumber: 'MSKU1234565', validFrom: '2030-01-01' }),
  container({ address: '0xr2', containerNumber: 'TGHU7654321', validFrom: '2030-02-01' }),
];

describe('multi-release edit dialog', () => {
  async function open() {
    const onClose = vi.fn();
    const app = renderReleases({ ui: <MultiEditDialog rows={rows} onClose={onClose} /> });
    const dialog = await screen.findByTestId('multi-edit-dialog');
    await waitFor(() => expect(app.api.findTerminals).toHaveBeenCalled());
    const field = (name: string) => within(dialog).getByTestId(`edit-${name}`);
    return { app, dialog, field, onClose };
  }

  it('is submitted only once a field is filled, asks first, and sends only filled fields', async () => {
    const { app, dialog, field, onClose } = await open();
    expect(dialog).toHaveTextContent('Edit 2 releases');
    const submit = within(dialog).getByTestId('edit-submit');
    expect(submit).toBeDisabled();
    await app.events.click(field('vessel'));
    await app.events.paste('Scheldt Moon');
    await app.events.click(field('turnInReferenceRail'));
    await app.events.paste('RAIL-7');
    expect(submit).toBeEnabled();
    await app.events.click(submit);

    const confirm = await screen.findByTestId('release-confirm-dialog');
    expect(confirm).toHaveTextContent('The releases of 2 containers will be changed.');
    expect(app.api.editReleases).not.toHaveBeenCalled();
    await app.events.click(within(confirm).getByTestId('release-confirm'));

    expect(app.api.editReleases).toHaveBeenCalledWith(
      ['0xr1', '0xr2'],
      { vessel: 'Scheldt Moon', turnInReferenceRail: 'RAIL-7' },
      undefined,
    );
    // Releases spec §7 "Handling of answers": the per-release report, as block and transfer show.
    const report = await screen.findByTestId('edit-report');
    expect(within(report).getByTestId('custody-report-succeeded')).toHaveTextContent(
      '2 releases changedSOLU1234567 : MSKU1234565SOLU1234567 : TGHU7654321',
    );
    expect(within(report).queryByTestId('custody-report-errors')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await app.events.click(within(report).getByTestId('edit-report-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('checks before sending: validUntil before the latest validFrom, unknown terminal', async () => {
    const { app, dialog, field } = await open();
    await app.events.click(field('validUntil'));
    await app.events.paste('15/01/2030');
    await app.events.click(field('pickupLocation'));
    await app.events.paste('NOPE');
    await app.events.click(within(dialog).getByTestId('edit-submit'));
    expect(dialog).toHaveTextContent('Valid until date is before Valid from date');
    expect(dialog).toHaveTextContent('Invalid terminal code');
    expect(screen.queryByTestId('release-confirm-dialog')).toBeNull();
  });

  it('releases spec §7, §8: reports each release, changed, not found or refused with why', async () => {
    const third = container({
      address: '0xr3',
      blNumber: 'MAEU0000001',
      containerNumber: 'CAIU0000001',
    });
    const onClose = vi.fn();
    const app = renderReleases({
      ui: <MultiEditDialog rows={[...rows, third]} onClose={onClose} />,
    });
    const dialog = await screen.findByTestId('multi-edit-dialog');
    app.api.editReleases.mockResolvedValueOnce([
      { address: '0xr1', release: rows[0]! },
      { address: '0xr2', error: 'gateOut' } as never,
      { address: '0xr3', error: 'notFound' } as never,
    ]);
    await app.events.click(within(dialog).getByTestId('edit-vessel'));
    await app.events.paste('Scheldt Moon');
    await app.events.click(within(dialog).getByTestId('edit-submit'));
    await app.events.click(await screen.findByTestId('release-confirm'));
    const report = await screen.findByTestId('edit-report');
    expect(report).toHaveTextContent('Edit report');
    expect(within(report).getByTestId('custody-report-succeeded')).toHaveTextContent(
      '1 release changedSOLU1234567 : MSKU1234565',
    );
    expect(within(report).getByTestId('custody-report-notOwned')).toHaveTextContent(
      'MAEU0000001 : CAIU0000001 — Release not found',
    );
    expect(within(report).getByTestId('custody-report-errors')).toHaveTextContent(
      'SOLU1234567 : TGHU7654321 — This container has been picked up; its release can no longer be changed.',
    );
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('in French: the report in the language of the page', async () => {
    const onClose = vi.fn();
    const app = renderReleases({
      ui: <MultiEditDialog rows={rows} onClose={onClose} />,
      language: 'fr',
    });
    const dialog = await screen.findByTestId('multi-edit-dialog');
    await app.events.click(within(dialog).getByTestId('edit-vessel'));
    await app.events.paste('Scheldt Moon');
    await app.events.click(within(dialog).getByTestId('edit-submit'));
    await app.events.click(await screen.findByTestId('release-confirm'));
    const report = await screen.findByTestId('edit-report');
    expect(report).toHaveTextContent('Rapport de modification');
    expect(report).toHaveTextContent('2 libérations modifiées');
  });
});

describe('single edit dialog', () => {
  it('locks the BL and container, fills in the BL’s fields, sends changes with the version', async () => {
    const onClose = vi.fn();
    const row = container({ version: 4 });
    const app = renderReleases({ ui: <EditReleaseDialog row={row} onClose={onClose} /> });
    const dialog = await screen.findByTestId('edit-release-dialog');
    expect(within(dialog).getByTestId('edit-blNumber')).toBeDisabled();
    expect(within(dialog).getByTestId('edit-containerNumber')).toHaveValue('MSKU1234565');
    expect(within(dialog).getByTestId('edit-portOfLoading')).toHaveValue('Shanghai');
    const submit = within(dialog).getByTestId('edit-submit');
    expect(submit).toBeDisabled();
    await app.events.clear(within(dialog).getByTestId('edit-stayNumber'));
    await app.events.click(submit);
    await app.events.click(await screen.findByTestId('release-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(app.api.editReleases).toHaveBeenCalledWith(['0xr1'], { stayNumber: null }, 4);
  });

  it('shows a refused single edit’s field messages', async () => {
    const row = container();
    const app = renderReleases({ ui: <EditReleaseDialog row={row} onClose={vi.fn()} /> });
    const dialog = await screen.findByTestId('edit-release-dialog');
    app.api.editReleases.mockRejectedValueOnce(
      new HttpError(400, 'validation_failed', 'Valid until date is in the past', {
        code: 'validation_failed',
        fields: { validUntil: 'releases.validation.validUntilInPast' },
      }),
    );
    await app.events.clear(within(dialog).getByTestId('edit-vessel'));
    await app.events.click(within(dialog).getByTestId('edit-submit'));
    await app.events.click(await screen.findByTestId('release-confirm'));
    await waitFor(() => expect(dialog).toHaveTextContent('Valid until date is in the past'));
  });
});
