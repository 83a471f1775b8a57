import { screen, within } from '@testing-library/react';
import type { DownloadGroup, DownloadScope } from '@scr/domain';
import { describe, expect, it, vi } from 'vitest';
import { allFeatures, forwarderUser, userWith } from '../../../test/fixtures.ts';
import { container } from '../test/fake-releases-api.ts';
import { fakeWallet } from '../test/fake-wallet.ts';
import { carrier, renderReleases } from '../test/render-releases.tsx';
import { DownloadCallsContext, type DownloadCalls } from './download-api.ts';
import { DownloadButtons } from './download-buttons.tsx';

const forwarder = userWith({
  ...forwarderUser,
  features: { ...allFeatures(true), canSkipInitialLoad: false },
});

const rows = [
  container({ address: '0xr1', containerNumber: 'MSKU1234565' }),
  container({ address: '0xr2', containerNumber: 'TGHU7654321' }),
];

const group: DownloadGroup = {
  bill: {
    blNumber: 'SOLU1234567',
    vessel: 'Scheldt Star',
    voyageNumber: 'V12',
    portOfLoading: 'Shanghai',
    portOfDestination: 'Antwerpen',
    carrier: 'Ocean Lines',
  },
  containers: rows.map((row) => ({
    address: row.address,
    containerNumber: row.containerNumber,
    isoTypeCode: '20DV',
    pickupLocation: 'K1742',
    turnInLocation: '@depot',
    validFrom: '2026-03-01',
    validUntil: '2026-04-30',
    releaseStatus: 'released',
    transferStatus: 'owned',
    receivedFrom: 'Ocean Lines',
    transferTo: null,
    assignee: null,
  })),
};

/** Downloads in memory; the saved file is caught where the browser would save it. */
function render(scope: DownloadScope, user = forwarder) {
  const calls: DownloadCalls = {
    file: vi.fn(async (_request, onProgress) => {
      onProgress({ done: 1, total: 2 });
      return new Blob(['%PDF-'], { type: 'application/pdf' });
    }),
    rows: vi.fn(async (_request, onProgress) => {
      onProgress({ done: 2, total: 2 });
      return {
        head: { total: 2, organization: 'North Sea Forwarding', at: '2026-03-01T12:00:00Z' },
        groups: [group],
      };
    }),
  };
  const saved: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:download';
  });
  URL.revokeObjectURL = vi.fn();
  const app = renderReleases({
    user,
    containers: rows,
    ui: (
      <DownloadCallsContext.Provider value={calls}>
        <DownloadButtons scope={scope} />
      </DownloadCallsContext.Provider>
    ),
  });
  return { ...app, calls, saved };
}

describe('releases spec §2, §5 "Download": the download and print buttons', () => {
  it('are disabled without a search, a filter or a selection, and say why', async () => {
    render({ search: '', filter: { valid: 'showOnlyValid' } });
    const button = await screen.findByTestId('download-releases');
    expect(button).toBeDisabled();
    expect(screen.getByTestId('print-releases')).toBeDisabled();
    expect(button).toHaveAttribute(
      'aria-description',
      'Search, filter or select releases first: a download needs one of them.',
    );
  });

  it('are not offered to carriers (spec §6)', async () => {
    render({ search: 'MSKU' }, carrier);
    expect(screen.queryByTestId('download-releases')).toBeNull();
  });

  it('without pincodes: the server streams the file of the search, in the page language', async () => {
    const app = render({ search: 'MSKU', filter: { valid: 'showOnlyValid' } });
    await app.events.click(await screen.findByTestId('download-releases'));
    const dialog = await screen.findByTestId('download-dialog');
    await app.events.click(within(dialog).getByTestId('download-format-xlsx'));
    await app.events.click(within(dialog).getByTestId('download-layout-flat'));
    await app.events.click(within(dialog).getByTestId('download-start'));
    expect(await within(dialog).findByTestId('download-done')).toHaveTextContent(
      /^Saved releases-flat-\d{8}-\d{6}\.xlsx\.$/,
    );
    expect(app.calls.file).toHaveBeenCalledWith(
      {
        search: 'MSKU',
        filter: { valid: 'showOnlyValid' },
        format: 'xlsx',
        layout: 'flat',
        language: 'en',
      },
      expect.any(Function),
    );
    expect(app.calls.rows).not.toHaveBeenCalled();
    expect(app.api.custodyDryRun).not.toHaveBeenCalled();
  }, 20_000);

  it('with pincodes: the wallet opens them through the pincode action and the browser writes the file', async () => {
    fakeWallet(forwarder);
    const app = render({ selectedContainerAddresses: ['0xr1', '0xr2'] });
    await app.events.click(await screen.findByTestId('download-releases'));
    const dialog = await screen.findByTestId('download-dialog');
    expect(dialog).toHaveTextContent('The 2 selected releases.');
    await app.events.click(within(dialog).getByTestId('download-format-csv'));
    await app.events.click(within(dialog).getByTestId('download-with-pincodes'));
    await app.events.click(within(dialog).getByTestId('download-start'));
    expect(await within(dialog).findByTestId('download-done')).toHaveTextContent(
      '2 of 2 pincodes retrieved.',
    );
    expect(app.calls.file).not.toHaveBeenCalled();
    expect(app.calls.rows).toHaveBeenCalledWith(
      { selectedContainerAddresses: ['0xr1', '0xr2'] },
      expect.any(Function),
    );
    // One signed pincode retrieval for the file's releases (DESIGN §3).
    expect(app.api.custodyDryRun).toHaveBeenCalledWith('pincode', {
      dryRun: true,
      release_addresses: ['0xr1', '0xr2'],
    });
    expect(app.api.custodyApply).toHaveBeenCalledTimes(1);
    const text = await app.saved[0]!.text();
    const lines = text.split('\r\n');
    // Releases spec §5: a grouped CSV keeps one row per container, its BL's fields as columns.
    expect(lines[0]).toMatch(
      /^BL number,Vessel,.*,Carrier,Container number,Container type,.*,Pincode$/,
    );
    expect(lines[1]).toMatch(
      /^SOLU1234567,Scheldt Star,V12,Shanghai,Antwerpen,Ocean Lines,MSKU1234565,20DV,K1742,'@depot,01\/03\/2026,30\/04\/2026,Released,Owned by you,Ocean Lines,,,482910$/,
    );
    expect(lines[2]).toMatch(/^SOLU1234567,.*,TGHU7654321,.*,482911$/);
  }, 20_000);

  it('print: the rows in the print view with the organisation and date', async () => {
    const app = render({ search: 'MSKU' });
    await app.events.click(await screen.findByTestId('print-releases'));
    await app.events.click(
      within(await screen.findByTestId('download-dialog')).getByTestId('download-start'),
    );
    const view = await screen.findByTestId('print-view');
    expect(view).toHaveTextContent('Organisation: North Sea Forwarding');
    expect(view).toHaveTextContent('Downloaded on: 01/03/2026 13:00:00');
    expect(within(view).getAllByRole('row')).toHaveLength(4);
    expect(view).toHaveTextContent('TGHU7654321');
  }, 20_000);
});
