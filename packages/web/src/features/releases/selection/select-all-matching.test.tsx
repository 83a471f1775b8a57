import { screen, waitFor, within } from '@testing-library/react';
import { selectionRefreshMs, type ContainerRow } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { allFeatures, forwarderUser, userWith } from '../../../test/fixtures.ts';
import { afterDelay } from '../../../test/waits.ts';
import { container } from '../test/fake-releases-api.ts';
import { renderReleases } from '../test/render-releases.tsx';

const forwarder = userWith({
  ...forwarderUser,
  features: { ...allFeatures(true), canSkipInitialLoad: false },
});

/** 12 releases: more than the 10 of one container page (the saved row limit). */
const many: ContainerRow[] = Array.from({ length: 12 }, (_, i) =>
  container({
    address: `0xa${String(i).padStart(3, '0')}`,
    containerNumber: `MSKU${String(1000000 + i)}`,
  }),
);

describe('select all that match (issue 13 item 4; releases spec §2 selection refresh)', () => {
  it('offers every match across pages once the page is ticked, shows the count, and acts on all', async () => {
    const app = renderReleases({
      user: forwarder,
      containers: many,
      preferences: { options: { limitCT: 10 } },
    });
    await app.events.click(await screen.findByTestId('tab-container'));
    await screen.findByTestId('container-row-MSKU1000000');
    expect(screen.queryByTestId('select-all-matching')).toBeNull();
    await app.events.click(screen.getAllByRole('checkbox', { name: 'Toggle select all' })[0]!);
    const offer = await screen.findByTestId('select-all-matching');
    expect(offer).toHaveTextContent('10 releases selected.');
    await app.events.click(within(offer).getByTestId('select-all-matching-button'));
    await waitFor(() =>
      expect(screen.getByTestId('select-all-matching')).toHaveTextContent(
        'All 12 releases that match are selected, on every page.',
      ),
    );
    expect(app.selectionApi.resolveSelection).toHaveBeenCalledWith({
      filter: { valid: 'showOnlyValid' },
    });
    expect(screen.getByText('Show selected containers (12)')).toBeVisible();
    // The selection's actions take all 12 (the transfer dialog names how many).
    await app.events.click(screen.getByTestId('selection-actions-arrow'));
    await app.events.click(await screen.findByTestId('release-action-transfer'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('12');
  }, 60_000);

  it('pages a big selection shown whole, in the browser', async () => {
    const big = Array.from({ length: 150 }, (_, i) =>
      container({
        address: `0xb${String(i).padStart(3, '0')}`,
        containerNumber: `TGHU${1000000 + i}`,
      }),
    );
    const app = renderReleases({
      user: forwarder,
      containers: big,
      preferences: { options: { limitCT: 10 } },
    });
    await app.events.click(await screen.findByTestId('tab-container'));
    await app.events.click(
      (await screen.findAllByRole('checkbox', { name: 'Toggle select row' }))[0]!,
    );
    await app.events.click(await screen.findByTestId('select-all-matching-button'));
    await screen.findByText('Show selected containers (150)');
    await app.events.click(screen.getByTestId('show-selected'));
    await waitFor(() => expect(screen.queryAllByTestId(/^container-row-TGHU/)).toHaveLength(10));
    expect(screen.getByText('1-10 of 150')).toBeVisible();
  }, 60_000);

  it('refreshes the selected rows 1.5 s after the selection changes, dropping what is gone', async () => {
    const rows = [container(), container({ address: '0xr2', containerNumber: 'TGHU7654321' })];
    const app = renderReleases({ user: forwarder, containers: rows });
    // The server's view changes: one release transferred, the other no longer the caller's.
    app.selectionApi.resolveSelection.mockImplementation(async () => ({
      total: 1,
      limit: 5000,
      data: [{ ...rows[0]!, transferStatus: 'transferred' }],
    }));
    await app.events.click(await screen.findByTestId('tab-container'));
    await screen.findByTestId('container-row-TGHU7654321');
    const clicked = Date.now();
    await app.events.click(screen.getAllByRole('checkbox', { name: 'Toggle select all' })[0]!);
    await waitFor(
      () => expect(app.selectionApi.resolveSelection).toHaveBeenCalledTimes(1),
      afterDelay(selectionRefreshMs),
    );
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(selectionRefreshMs - 100);
    expect(app.selectionApi.resolveSelection).toHaveBeenCalledWith({
      addresses: [rows[0]!.address, '0xr2'],
    });
    await waitFor(() => expect(screen.getByText('Show selected containers (1)')).toBeVisible());
  }, 60_000);
});
