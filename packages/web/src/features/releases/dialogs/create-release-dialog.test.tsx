import { addDays, formatTypedDate, todayInBrussels } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../api/http.ts';
import { renderReleases } from '../test/render-releases.tsx';
import { CreateReleaseDialog } from './create-release-dialog.tsx';

const today = todayInBrussels();

async function openDialog() {
  const onClose = vi.fn();
  const app = renderReleases({ ui: <CreateReleaseDialog onClose={onClose} /> });
  const dialog = await screen.findByTestId('create-release-dialog');
  // The terminals lookup answers before the codes are checked.
  await waitFor(() => expect(app.api.findTerminals).toHaveBeenCalled());
  const input = (name: string) => within(dialog).getByTestId(`create-${name}`);
  const fill = async (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) {
      await app.events.clear(input(name));
      if (value) await app.events.paste(value);
    }
  };
  const submit = () => app.events.click(within(dialog).getByTestId('create-submit'));
  /** The message under a field (its helper text). */
  const message = (name: string) =>
    (document.getElementById(`${input(name).id}-helper-text`)?.textContent ?? '').replace(
      '\u200b',
      '',
    );
  return { app, dialog, input, fill, submit, message, onClose };
}

describe('create one release (releases spec §3, §5: checked before sending)', () => {
  it('starts with 20DV, valid from today until today + 60 days (spec §9)', async () => {
    const { input } = await openDialog();
    expect(input('isoTypeCode')).toHaveValue('20DV');
    expect(input('validFrom')).toHaveValue(formatTypedDate(today));
    expect(input('validUntil')).toHaveValue(formatTypedDate(addDays(today, 60)));
  });

  it('shows each required-field message under its field and sends nothing', async () => {
    const { app, fill, submit, message } = await openDialog();
    await fill({ validFrom: '', validUntil: '' });
    await submit();
    expect(message('blNumber')).toBe('Please provide a BL number');
    expect(message('containerNumber')).toBe('Please provide a container number');
    expect(message('pickupLocation')).toBe('Please provide a pickup location');
    expect(message('validFrom')).toBe('Please provide a Valid from date');
    expect(message('validUntil')).toBe('Please provide a Valid until date');
    expect(app.api.createRelease).not.toHaveBeenCalled();
  });

  it('says which values are wrong: quotes, unknown terminal, impossible or misordered dates', async () => {
    const { app, fill, submit, message } = await openDialog();
    await fill({
      blNumber: 'SOLU1',
      containerNumber: 'MSKU1234565',
      isoTypeCode: `20'DV`,
      pickupLocation: 'NOPE',
      validFrom: '31/02/2030',
      validUntil: '2030-03-01',
    });
    await submit();
    expect(message('isoTypeCode')).toBe('Container type may not contain quotes');
    expect(message('pickupLocation')).toBe('Invalid terminal code');
    expect(message('validFrom')).toBe('Please provide a date as DD/MM/YYYY');
    expect(message('validUntil')).toBe('Please provide a date as DD/MM/YYYY');

    await fill({ isoTypeCode: '40HC', pickupLocation: '1742' });
    await fill({ validFrom: '10/01/2031', validUntil: '05/01/2031' });
    // After a first try the messages follow the typing.
    expect(message('validUntil')).toBe('Valid until date is before Valid from date');
    expect(message('isoTypeCode')).toBe('');
    await fill({ validFrom: '01/01/2020', validUntil: '02/01/2020' });
    expect(message('validUntil')).toBe('Valid until date is in the past');
    expect(app.api.createRelease).not.toHaveBeenCalled();
  });

  it('sends the release with ISO dates and the pincode, then closes', async () => {
    const { app, fill, submit, onClose } = await openDialog();
    await fill({
      blNumber: ' SOLU1 ',
      vessel: 'Scheldt Star',
      containerNumber: 'MSKU1234565',
      pickupLocation: '1742',
      validFrom: '1/3/2031',
      validUntil: '15/04/2031',
      turnInLocationBarge: 'Depot 9',
      pincode: '4711',
    });
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [input] = app.api.createRelease.mock.calls[0]! as unknown as [
      { billOfLading: object; container: object },
    ];
    expect(input.billOfLading).toMatchObject({
      blNumber: 'SOLU1',
      vessel: 'Scheldt Star',
      agent: null,
    });
    expect(input.container).toMatchObject({
      containerNumber: 'MSKU1234565',
      isoTypeCode: '20DV',
      pickupLocation: '1742',
      validFrom: '2031-03-01',
      validUntil: '2031-04-15',
      turnInLocationBarge: 'Depot 9',
      pincode: '4711',
    });
    expect(await screen.findByTestId('snackbar')).toHaveTextContent(
      'Release created for container MSKU1234565.',
    );
  });

  it('shows the server’s field messages after sending', async () => {
    const { app, fill, submit, message, onClose } = await openDialog();
    app.api.createRelease.mockRejectedValueOnce(
      new HttpError(409, 'already_exists', 'This container already has a live release', {
        code: 'already_exists',
        key: 'backend.error.already_exists',
        fields: {
          containerNumber: 'backend.error.already_exists',
          'container.validUntil': 'releases.validation.validUntilInPast',
        },
      }),
    );
    await fill({ blNumber: 'SOLU1', containerNumber: 'MSKU1234565', pickupLocation: '869' });
    await submit();
    await waitFor(() => expect(message('containerNumber')).toBe('This already exists.'));
    expect(message('validUntil')).toBe('Valid until date is in the past');
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('This already exists.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
