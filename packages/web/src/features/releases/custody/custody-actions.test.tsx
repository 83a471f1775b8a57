import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allFeatures, forwarderUser, userWith } from '../../../test/fixtures.ts';
import { container } from '../test/fake-releases-api.ts';
import { fakeWallet } from '../test/fake-wallet.ts';
import { carrier, renderReleases } from '../test/render-releases.tsx';

const rows = [
  container(),
  container({ address: '0xr2', containerNumber: 'TGHU7654321', releaseStatus: 'blocked' }),
];

describe('custody actions from the split button (releases spec §2, per BL and per selection)', () => {
  it('blocks a whole BL: its containers go to the confirmation', async () => {
    fakeWallet(carrier);
    const app = renderReleases({ containers: rows });
    await screen.findByTestId('bl-row-SOLU1234567', {}, { timeout: 5000 });
    await app.events.click(screen.getByTestId('bl-actions-SOLU1234567-arrow'));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByTestId('release-action-unblock')).not.toHaveAttribute(
      'aria-disabled',
    );
    // A carrier fetches no pincode (spec §2: Pincode is for non-carriers): not offered at all.
    expect(within(menu).queryByTestId('release-action-pincode')).toBeNull();
    await app.events.click(within(menu).getByTestId('release-action-block'));
    const dialog = await screen.findByTestId('custody-dialog');
    expect(dialog).toHaveTextContent('The releases of 2 selected containers will be blocked.');
    await app.events.click(within(dialog).getByTestId('custody-confirm'));
    expect(await screen.findByTestId('custody-report')).toHaveTextContent('2 releases blocked');
    expect(app.api.custodyDryRun).toHaveBeenCalledWith('block', {
      dryRun: true,
      release_addresses: ['0xr1', '0xr2'],
    });
  }, 20_000);

  it('lets a forwarder transfer a selection and fetch a pincode', async () => {
    const forwarder = userWith({
      ...forwarderUser,
      features: { ...allFeatures(true), canSkipInitialLoad: false },
    });
    fakeWallet(forwarder);
    const app = renderReleases({ user: forwarder, containers: rows });
    await app.events.click(await screen.findByTestId('tab-container'));
    const row = await screen.findByTestId('container-row-MSKU1234565');
    await app.events.click(within(row).getByRole('checkbox'));
    // Issue 15: the button always says Actions; Transfer is picked in its menu.
    expect(screen.getByTestId('selection-actions-arrow')).toHaveTextContent('Actions');
    await app.events.click(screen.getByTestId('selection-actions-arrow'));
    await app.events.click(await screen.findByTestId('release-action-transfer'));
    expect(await screen.findByTestId('custody-dialog')).toHaveTextContent('Transfer releases');
    await app.events.click(screen.getByRole('button', { name: 'Cancel' }));

    await app.events.click(screen.getByTestId('container-actions-MSKU1234565-arrow'));
    await app.events.click(await screen.findByTestId('release-action-pincode'));
    expect(await screen.findByTestId('pincode-warning')).toBeVisible();
  }, 20_000);
});
