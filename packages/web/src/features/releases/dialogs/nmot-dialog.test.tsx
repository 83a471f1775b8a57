import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allFeatures, forwarderUser, userWith } from '../../../test/fixtures.ts';
import { container } from '../test/fake-releases-api.ts';
import { renderReleases } from '../test/render-releases.tsx';

const rows = [
  container(),
  container({ address: '0xr2', containerNumber: 'TGHU7654321', transferStatus: 'transferred' }),
];
const forwarder = (canNmot: boolean) =>
  userWith({
    ...forwarderUser,
    features: { ...allFeatures(true), canSkipInitialLoad: false, canNmot },
  });

async function openSelectionMenu(app: ReturnType<typeof renderReleases>) {
  await app.events.click(await screen.findByTestId('tab-container'));
  for (const number of ['MSKU1234565', 'TGHU7654321']) {
    const row = await screen.findByTestId(`container-row-${number}`);
    await app.events.click(within(row).getByRole('checkbox'));
  }
  await app.events.click(screen.getByTestId('selection-actions-arrow'));
  return screen.findByRole('menu');
}

describe('releases spec §2 "Next-mode-of-transport dialog", §7 `nmots`, behind canNmot (§6)', () => {
  it('sets the mode for the selection and reports the releases the server refused', async () => {
    const app = renderReleases({
      user: forwarder(true),
      containers: rows,
      configure: (api) =>
        api.setNextModeOfTransport.mockImplementationOnce(async (request) => ({
          modeOfTransport: request.modeOfTransport,
          applied: [{ address: '0xr1', blNumber: 'SOLU1234567', containerNumber: 'MSKU1234565' }],
          refused: [{ address: '0xr2', reason: 'notOwned', error: 'Release is not owned by you' }],
        })),
    });
    const menu = await openSelectionMenu(app);
    await app.events.click(within(menu).getByTestId('release-action-nmot'));
    const dialog = await screen.findByTestId('nmot-confirm-dialog');
    expect(dialog).toHaveTextContent('How will these 2 containers leave the terminal?');
    for (const mode of ['Truck', 'Barge', 'Rail', 'Unknown']) {
      expect(within(dialog).getByLabelText(mode)).toBeInTheDocument();
    }
    await app.events.click(within(dialog).getByLabelText('Barge'));
    await app.events.click(within(dialog).getByTestId('nmot-confirm'));
    expect(app.api.setNextModeOfTransport).toHaveBeenCalledWith({
      releases: ['0xr1', '0xr2'],
      modeOfTransport: 'barge',
    });
    const report = await screen.findByTestId('release-report');
    expect(report).toHaveTextContent('TGHU7654321: Release is not owned by you');
    expect(
      await screen.findByText('Next mode of transport set to Barge for 1 release.'),
    ).toBeVisible();
  }, 20_000);

  it('is offered but disabled without canNmot', async () => {
    const app = renderReleases({ user: forwarder(false), containers: rows });
    const menu = await openSelectionMenu(app);
    expect(within(menu).getByTestId('release-action-nmot')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  }, 20_000);
});
