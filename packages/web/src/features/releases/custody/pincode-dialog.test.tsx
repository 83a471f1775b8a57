import { parseStatement, type CustodyDryRunAnswer } from '@scr/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { forwarderUser, userWith } from '../../../test/fixtures.ts';
import { json } from '../../../test/fake-backend.ts';
import { container } from '../test/fake-releases-api.ts';
import { fakeWallet } from '../test/fake-wallet.ts';
import { renderReleases } from '../test/render-releases.tsx';
import { PincodeDialog } from './pincode-dialog.tsx';

const forwarder = userWith(forwarderUser);
const bl = 'SOLU1234567';
const rows = [1, 2, 3, 4].map((n) =>
  container({ address: `0xr${n}`, containerNumber: `MSKU000000${n}`, version: n }),
);
const eligible = (n: number) => ({
  address: `0xr${n}`,
  blNumber: bl,
  containerNumber: `MSKU000000${n}`,
  version: n,
  encryptedPincode: null,
  pincodeHash: `0x${n}a5h`,
});

function renderPincode(dryRun: Partial<CustodyDryRunAnswer>) {
  const onClose = vi.fn();
  const app = renderReleases({
    user: forwarder,
    containers: rows,
    ui: <PincodeDialog rows={rows} onClose={onClose} />,
    configure: (api) =>
      api.custodyDryRun.mockResolvedValueOnce({
        action: 'pincode',
        eligible_releases: [],
        refused: [],
        serverTime: new Date().toISOString(),
        ...dryRun,
      }),
  });
  return { ...app, onClose };
}

describe('pincode dialog (releases spec §2, §3 "Pincode result", §8)', () => {
  it('warns first, then shows each pincode as six digits to copy', async () => {
    const wallet = fakeWallet(forwarder);
    const app = renderPincode({ eligible_releases: [eligible(1), eligible(2)] });
    expect(await screen.findByTestId('pincode-warning')).toHaveTextContent(
      'once it is fetched, the release can no longer be transferred',
    );
    expect(app.api.custodyDryRun).not.toHaveBeenCalled();
    await app.events.click(screen.getByTestId('custody-confirm'));

    const table = await screen.findByTestId('pincode-table');
    const values = within(table).getAllByTestId('pincode-value');
    expect(values.map((value) => value.textContent)).toEqual(['482910', '482911']);
    for (const value of values) expect(value.textContent).toMatch(/^\d{6}$/);
    expect(values[0]).toHaveStyle({ fontFamily: 'monospace' });
    expect(within(table).getByTestId('pincode-row-MSKU0000001')).toHaveTextContent(
      `${bl}MSKU0000001482910`,
    );

    // One statement over both, with the dry run's pincode hashes; the wallet opens the copies.
    const request = app.api.custodyApply.mock.calls[0]!;
    expect(request[0]).toBe('pincode');
    expect(request[1].release_addresses).toEqual([
      { address: '0xr1', version: 1 },
      { address: '0xr2', version: 2 },
    ]);
    expect(parseStatement(request[1].statement)).toMatchObject({
      action: 'pincode',
      by: forwarder.organizationAddress,
      releases: [
        { address: '0xr1', version: 1, pincodeHash: '0x1a5h' },
        { address: '0xr2', version: 2, pincodeHash: '0x2a5h' },
      ],
    });
    expect(wallet.called('POST /wallet/pincodes/open')[0]!.body).toEqual({
      items: [
        { address: '0xr1', encryptedPincode: 'sealed-0xr1' },
        { address: '0xr2', encryptedPincode: 'sealed-0xr2' },
      ],
    });

    await app.events.click(within(table).getAllByTestId('pincode-copy')[1]!);
    expect(await navigator.clipboard.readText()).toBe('482911');
  });

  const someRefused: Partial<CustodyDryRunAnswer> = {
    eligible_releases: [eligible(1), eligible(2), eligible(3)],
    refused: [
      {
        address: '0xr4',
        blNumber: bl,
        containerNumber: 'MSKU0000004',
        reason: 'mustAssign',
        error: 'Must assign to fetch pin',
      },
    ],
  };

  it('says "could not retrieve pincode(s)"; continuing without changes nothing', async () => {
    const wallet = fakeWallet(forwarder);
    const app = renderPincode(someRefused);
    await app.events.click(await screen.findByTestId('custody-confirm'));
    const refused = await screen.findByTestId('pincode-not-retrievable');
    expect(refused).toHaveTextContent('Could not retrieve pincode(s)');
    expect(refused).toHaveTextContent(`${bl} : MSKU0000004 — Must assign to fetch pin`);
    expect(screen.getByTestId('pincode-dialog')).toHaveTextContent(
      'The pincodes of 3 other containers can be retrieved.',
    );
    await app.events.click(screen.getByTestId('pincode-continue-without'));
    expect(app.onClose).toHaveBeenCalled();
    expect(app.api.custodyApply).not.toHaveBeenCalled();
    expect(wallet.called('POST /wallet/sign')).toHaveLength(0);
  });

  it('continuing with fetches the others and lists every pincode or its error', async () => {
    fakeWallet(forwarder, {
      open: () =>
        json({
          items: [
            { address: '0xr1', pincode: '004711' },
            { address: '0xr2', error: 'could not open pincode ✗' },
          ],
        }),
    });
    const app = renderPincode(someRefused);
    app.api.custodyApply.mockImplementationOnce(async (action) => ({
      action,
      applied: [],
      statementHash: '0x57',
      data: [
        { address: '0xr1', encryptedPincode: 'sealed-1' },
        { address: '0xr2', encryptedPincode: 'sealed-2' },
        { address: '0xr3', error: 'no pincode' },
      ],
    }));
    await app.events.click(await screen.findByTestId('custody-confirm'));
    await app.events.click(await screen.findByTestId('pincode-continue-with'));
    const table = await screen.findByTestId('pincode-table');
    expect(app.api.custodyApply.mock.calls[0]![1].release_addresses).toHaveLength(3);
    expect(within(table).getByTestId('pincode-row-MSKU0000001')).toHaveTextContent('004711');
    expect(within(table).getByTestId('pincode-row-MSKU0000002')).toHaveTextContent(
      'could not open pincode',
    );
    expect(within(table).getByTestId('pincode-row-MSKU0000002').textContent).not.toContain('✗');
    expect(within(table).getByTestId('pincode-row-MSKU0000003')).toHaveTextContent('no pincode');
    expect(within(table).getByTestId('pincode-row-MSKU0000004')).toHaveTextContent(
      'Must assign to fetch pin',
    );
  });

  it('releases spec §8: offers only to close when no pincode can be retrieved', async () => {
    fakeWallet(forwarder);
    const app = renderPincode({
      refused: [
        {
          address: '0xr1',
          blNumber: bl,
          containerNumber: 'MSKU0000001',
          reason: 'sentToPcs',
          error: 'Release sent to PCS',
        },
      ],
    });
    await app.events.click(await screen.findByTestId('custody-confirm'));
    expect(await screen.findByTestId('pincode-not-retrievable')).toHaveTextContent(
      `${bl} : MSKU0000001 — Release sent to PCS`,
    );
    expect(screen.getByTestId('pincode-dialog')).toHaveTextContent(
      'No pincode can be retrieved for these containers.',
    );
    // Releases spec §8: nothing to continue with, so no (disabled) "Continue with" is offered.
    expect(screen.queryByTestId('pincode-continue-with')).toBeNull();
    expect(screen.queryByTestId('pincode-continue-without')).toBeNull();
    await app.events.click(screen.getByTestId('pincode-close'));
    expect(app.onClose).toHaveBeenCalled();
  });
});
