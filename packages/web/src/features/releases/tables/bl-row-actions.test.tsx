import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billOfLading, container } from '../test/fake-releases-api.ts';
import { carrier, renderReleases } from '../test/render-releases.tsx';

describe('BL row actions (releases spec §2 "Action split button", §4 live refresh)', () => {
  it('keeps a BL’s open menu, and its containers, when a new BL above remounts the row', async () => {
    const bills = [billOfLading()];
    const containers = [
      container(),
      container({ address: '0xr2', containerNumber: 'TGHU7654321' }),
      container({ address: '0xr9', blNumber: 'MAEU0000001', billOfLadingId: 2 }),
    ];
    const app = renderReleases({ bills, containers });
    await screen.findByTestId('bl-row-SOLU1234567', {}, { timeout: 5000 });
    const before = screen.getByTestId('bl-actions-SOLU1234567-arrow');
    await app.events.click(before);
    expect(
      await within(screen.getByRole('menu')).findByTestId('release-action-delete'),
    ).not.toHaveAttribute('aria-disabled');

    // A carrier's overview refreshes quietly; the new BL comes first, so the row's index (part
    // of material-react-table's row key) changes and the row remounts.
    bills.unshift(billOfLading({ id: 2, blNumber: 'MAEU0000001', containerCount: 1 }));
    act(() => app.emit({ organizationAddress: carrier.organizationAddress }));
    await screen.findByTestId('bl-row-MAEU0000001', {}, { timeout: 5000 });
    const button = screen.getByTestId('bl-actions-SOLU1234567-arrow');
    expect(button).not.toBe(before);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    const menu = screen.getByRole('menu');
    await app.events.click(within(menu).getByTestId('release-action-delete'));
    expect(await screen.findByTestId('release-confirm-dialog')).toHaveTextContent(
      'Delete 2 releases?',
    );
    // The new BL's containers are loaded only when its own menu opens.
    expect(app.api.findContainers).not.toHaveBeenCalledWith(expect.anything(), 'MAEU0000001');
  }, 20_000);
});
