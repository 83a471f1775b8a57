import {
  parseStatement,
  pincodeHash,
  type CustodyDryRunAnswer,
  type EligibleRelease,
} from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../api/http.ts';
import { json } from '../../../test/fake-backend.ts';
import { readWalletInfo } from '../../session/session-storage.ts';
import { container } from '../test/fake-releases-api.ts';
import { fakeWallet, walletExpired } from '../test/fake-wallet.ts';
import { carrier, renderReleases } from '../test/render-releases.tsx';
import { CustodyDialog, type ConfirmedCustodyAction } from './custody-dialog.tsx';

const rows = [1, 2, 3, 4, 5].map((n) =>
  container({ address: `0xr${n}`, containerNumber: `MSKU000000${n}`, version: 10 + n }),
);
const bl = 'SOLU1234567';

const eligible = (n: number, encryptedPincode: string | null): EligibleRelease => ({
  address: `0xr${n}`,
  blNumber: bl,
  containerNumber: `MSKU000000${n}`,
  version: 10 + n,
  encryptedPincode,
  pincodeHash: pincodeHash(encryptedPincode),
});

const kempen = {
  id: 31,
  address: '0xa7a7',
  name: 'Kempen Haulage',
  sealingPublicKey: 'kempen-sealing-key',
};

function renderDialog(
  action: ConfirmedCustodyAction,
  dryRun?: Partial<CustodyDryRunAnswer>,
  options: Parameters<typeof renderReleases>[0] = {},
) {
  const onClose = vi.fn();
  const app = renderReleases({
    containers: rows,
    ui: <CustodyDialog action={action} rows={rows} onClose={onClose} />,
    configure: (api) => {
      if (!dryRun) return;
      api.custodyDryRun.mockResolvedValueOnce({
        action,
        eligible_releases: [],
        refused: [],
        serverTime: new Date().toISOString(),
        ...dryRun,
      });
    },
    ...options,
  });
  return { ...app, onClose };
}

async function chooseTarget(app: ReturnType<typeof renderDialog>, name: string) {
  await app.events.type(await screen.findByTestId('transfer-target'), name.slice(0, 4));
  await app.events.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

describe('transfer dialog (releases spec §2, §5 "Transfer", §7, §8)', () => {
  it('dry run → reseal → one signed statement → apply → report', async () => {
    const wallet = fakeWallet(carrier, {
      // The wallet leaves r2 out of its answer and fails on r5.
      reseal: () =>
        json({
          items: [
            { address: '0xr1', encryptedPincode: 'sealed-for-kempen-1' },
            { address: '0xr5', error: 'could not open pincode ✗ clé' },
          ],
        }),
    });
    const app = renderDialog('transfer', {
      eligible_releases: [
        eligible(1, 'mine-1'),
        eligible(2, 'mine-2'),
        eligible(4, null),
        eligible(5, 'mine-5'),
      ],
      refused: [
        {
          address: '0xr3',
          blNumber: bl,
          containerNumber: 'MSKU0000003',
          reason: 'notOwned',
          error: 'Release is not owned by you',
        },
      ],
      target: kempen,
    });
    const invalidate = vi.spyOn(app.queryClient, 'invalidateQueries');
    expect(await screen.findByTestId('custody-count')).toHaveTextContent(
      'The releases of 5 selected containers will be transferred',
    );

    // No target yet: the catalogue's message, and nothing is asked of the server.
    await app.events.click(screen.getByTestId('custody-confirm'));
    expect(screen.getByTestId('custody-dialog')).toHaveTextContent(
      'No target organisation was selected.',
    );
    expect(app.api.custodyDryRun).not.toHaveBeenCalled();

    await chooseTarget(app, 'Kempen Haulage');
    await app.events.click(screen.getByTestId('custody-confirm'));
    const report = await screen.findByTestId('custody-report');

    expect(app.api.custodyDryRun).toHaveBeenCalledWith('transfer', {
      dryRun: true,
      release_addresses: rows.map((row) => row.address),
      target_organization_address: '0xa7a7',
    });
    const [reseal] = wallet.called('POST /wallet/pincodes/reseal');
    expect(reseal!.authorization).toBe('Bearer wallet-token');
    expect(reseal!.body).toEqual({
      targetPublicKey: 'kempen-sealing-key',
      items: [
        { address: '0xr1', encryptedPincode: 'mine-1' },
        { address: '0xr2', encryptedPincode: 'mine-2' },
        { address: '0xr5', encryptedPincode: 'mine-5' },
      ],
    });

    // One statement, signed once, sent as signed: only what the wallet resealed (or had no pin).
    const signs = wallet.called('POST /wallet/sign');
    expect(signs).toHaveLength(1);
    const text = (signs[0]!.body as { message: string }).message;
    expect(app.api.custodyApply).toHaveBeenCalledTimes(1);
    expect(app.api.custodyApply).toHaveBeenCalledWith('transfer', {
      release_addresses: [
        { address: '0xr1', version: 11, encryptedPincode: 'sealed-for-kempen-1' },
        { address: '0xr4', version: 14, encryptedPincode: null },
      ],
      target_organization_address: '0xa7a7',
      statement: text,
      signature: '0x5167',
    });
    const statement = parseStatement(text);
    expect(statement).toMatchObject({ action: 'transfer', by: carrier.organizationAddress });
    expect(statement.to).toBe('0xa7a7');
    expect(Math.abs(Date.parse(statement.at) - Date.now())).toBeLessThan(60_000);
    expect(statement.releases).toEqual([
      { address: '0xr1', version: 11, pincodeHash: pincodeHash('sealed-for-kempen-1') },
      { address: '0xr4', version: 14, pincodeHash: null },
    ]);

    expect(within(report).getByTestId('custody-report-succeeded')).toHaveTextContent(
      `2 releases transferred${bl} : MSKU0000001${bl} : MSKU0000004`,
    );
    expect(within(report).getByTestId('custody-report-notOwned')).toHaveTextContent(
      `${bl} : MSKU0000003 — Release is not owned by you`,
    );
    const errors = within(report).getByTestId('custody-report-errors');
    expect(errors).toHaveTextContent(`${bl} : MSKU0000002 — Release not found in result array`);
    // Releases spec §8: non-ASCII characters are stripped from the wallet's error text.
    expect(errors).toHaveTextContent(`${bl} : MSKU0000005 — could not open pincode cl`);
    expect(errors.textContent).not.toMatch(/✗|é/);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['releases', 'overview'] });

    await app.events.click(screen.getByTestId('custody-close'));
    expect(app.onClose).toHaveBeenCalled();
  });

  it('says there is no finalised connection, and cannot be confirmed', async () => {
    fakeWallet(carrier);
    const app = renderDialog('transfer', undefined, {
      configure: (api) => api.findConnections.mockResolvedValue([]),
    });
    expect(await screen.findByTestId('no-connections')).toHaveTextContent(
      'There is no finalised connection between both organisations.',
    );
    expect(screen.getByTestId('custody-confirm')).toBeDisabled();
    expect(app.api.custodyDryRun).not.toHaveBeenCalled();
  });

  it('offers to try again when a release changed between the calls, redoing the dry run', async () => {
    fakeWallet(carrier);
    const app = renderDialog('transfer');
    let changed = '';
    app.api.custodyApply.mockImplementationOnce(async (_action, request) => {
      changed = request.release_addresses[0]!.address;
      throw new HttpError(409, 'release_conflict', 'conflict', {
        code: 'release_conflict',
        fields: { [changed]: 'releases.refusal.versionChanged' },
      });
    });
    await chooseTarget(app, 'Kempen Haulage');
    await app.events.click(screen.getByTestId('custody-confirm'));
    expect(await screen.findByTestId('custody-error')).toHaveTextContent(
      'Some releases changed while you were confirming. Nothing was changed; please try again.',
    );
    const dryRun = await app.api.custodyDryRun.mock.results[0]!.value;
    const release = dryRun.eligible_releases.find(
      (r: { address: string }) => r.address === changed,
    );
    expect(screen.getByTestId('custody-error-details')).toHaveTextContent(
      `${release.blNumber} : ${release.containerNumber} — The release changed since it was selected`,
    );
    await app.events.click(screen.getByTestId('custody-retry'));
    expect(await screen.findByTestId('custody-report')).toHaveTextContent('5 releases transferred');
    expect(app.api.custodyDryRun).toHaveBeenCalledTimes(2);
    expect(app.api.custodyApply).toHaveBeenCalledTimes(2);
  });

  it('shows the server’s refusal of a carrier transfer: "Could not find admin user"', async () => {
    fakeWallet(carrier);
    const app = renderDialog('transfer');
    app.api.custodyDryRun.mockRejectedValueOnce(
      new HttpError(400, 'admin_user_not_found', 'x', { code: 'admin_user_not_found' }),
    );
    await chooseTarget(app, 'Kempen Haulage');
    await app.events.click(screen.getByTestId('custody-confirm'));
    expect(await screen.findByTestId('custody-error')).toHaveTextContent(
      'Could not find admin user',
    );
    expect(screen.queryByTestId('custody-retry')).toBeNull();
  });

  it('asks for the password when the wallet locked itself, unlocks it again and goes on', async () => {
    let signs = 0;
    const wallet = fakeWallet(carrier, {
      sign: () => (++signs === 1 ? walletExpired() : json({ signature: '0x5168' })),
    });
    const app = renderDialog('transfer');
    await chooseTarget(app, 'Kempen Haulage');
    await app.events.click(screen.getByTestId('custody-confirm'));
    const prompt = await screen.findByTestId('wallet-password');
    await app.events.type(within(prompt).getByTestId('wallet-password-input'), 'secret-1');
    await app.events.click(within(prompt).getByTestId('wallet-password-unlock'));
    expect(await screen.findByTestId('custody-report')).toHaveTextContent('5 releases transferred');
    expect(wallet.called('POST /wallet/unlock')[0]!.body).toEqual({
      userId: String(carrier.id),
      password: 'secret-1',
    });
    expect(wallet.called('POST /wallet/sign')[1]!.authorization).toBe('Bearer wallet-token-2');
    expect(readWalletInfo()?.token).toBe('wallet-token-2');
    expect(app.api.custodyApply).toHaveBeenCalledWith(
      'transfer',
      expect.objectContaining({ signature: '0x5168' }),
    );
  });

  it('warns before the page closes while the transfer is in flight, and not after', async () => {
    let release: (response: Response) => void = () => undefined;
    fakeWallet(carrier, { sign: () => new Promise<Response>((resolve) => (release = resolve)) });
    const app = renderDialog('transfer');
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await chooseTarget(app, 'Kempen Haulage');
    await app.events.click(screen.getByTestId('custody-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('custody-progress')).toHaveAttribute('data-step', 'sign'),
    );
    expect(leave()).toBe(true);
    release(json({ signature: '0x5167' }));
    await screen.findByTestId('custody-report');
    expect(leave()).toBe(false);
  });
});

describe('revoke dialog (releases spec §2, §4 "Effects")', () => {
  it('signs the eligible releases without a target and reports the refused ones', async () => {
    const wallet = fakeWallet(carrier);
    const app = renderDialog('revoke', {
      eligible_releases: [eligible(1, null), eligible(2, 'mine-2')],
      refused: [
        {
          address: '0xr3',
          blNumber: bl,
          containerNumber: 'MSKU0000003',
          reason: 'alreadyOwner',
          error: 'You already own this release',
        },
      ],
    });
    expect(screen.queryByTestId('transfer-target')).toBeNull();
    await app.events.click(await screen.findByTestId('custody-confirm'));
    const report = await screen.findByTestId('custody-report');
    expect(app.api.custodyDryRun).toHaveBeenCalledWith('revoke', {
      dryRun: true,
      release_addresses: rows.map((row) => row.address),
    });
    expect(wallet.called('POST /wallet/pincodes/reseal')).toHaveLength(0);
    const request = app.api.custodyApply.mock.calls[0]![1];
    expect(request.release_addresses).toEqual([
      { address: '0xr1', version: 11 },
      { address: '0xr2', version: 12 },
    ]);
    expect(request.target_organization_address).toBeUndefined();
    const statement = parseStatement(request.statement);
    expect(statement.to).toBeUndefined();
    // Not a transfer: the dry run's pincode hash goes into the statement unchanged.
    expect(statement.releases[1]).toEqual({
      address: '0xr2',
      version: 12,
      pincodeHash: pincodeHash('mine-2'),
    });
    expect(report).toHaveTextContent('2 releases revoked');
    expect(within(report).getByTestId('custody-report-errors')).toHaveTextContent(
      `${bl} : MSKU0000003 — You already own this release`,
    );
  });
});

describe('block and unblock confirmation (releases spec §2, carrier only)', () => {
  it('asks first, and cancelling changes nothing', async () => {
    fakeWallet(carrier);
    const app = renderDialog('block');
    const dialog = await screen.findByTestId('custody-dialog');
    expect(dialog).toHaveTextContent('Block releases');
    expect(dialog).toHaveTextContent('The releases of 5 selected containers will be blocked.');
    await app.events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(app.onClose).toHaveBeenCalled();
    expect(app.api.custodyDryRun).not.toHaveBeenCalled();
  });

  it('blocks once confirmed and reports what was blocked and what was refused', async () => {
    fakeWallet(carrier);
    const app = renderDialog('block', {
      eligible_releases: [eligible(1, null)],
      refused: [
        {
          address: '0xr2',
          blNumber: bl,
          containerNumber: 'MSKU0000002',
          reason: 'alreadyBlocked',
          error: 'Release is already blocked',
        },
      ],
    });
    await app.events.click(await screen.findByTestId('custody-confirm'));
    const report = await screen.findByTestId('custody-report');
    expect(app.api.custodyApply).toHaveBeenCalledWith('block', expect.anything());
    expect(report).toHaveTextContent(`1 release blocked${bl} : MSKU0000001`);
    expect(report).toHaveTextContent(`${bl} : MSKU0000002 — Release is already blocked`);
  });

  it('makes no call when nothing is eligible', async () => {
    const wallet = fakeWallet(carrier);
    const app = renderDialog('unblock', {
      refused: [
        {
          address: '0xr1',
          blNumber: bl,
          containerNumber: 'MSKU0000001',
          reason: 'notBlocked',
          error: 'Release is not blocked',
        },
      ],
    });
    await app.events.click(await screen.findByTestId('custody-confirm'));
    expect(await screen.findByTestId('custody-report')).toHaveTextContent(
      'No release was changed.',
    );
    expect(wallet.called('POST /wallet/sign')).toHaveLength(0);
    expect(app.api.custodyApply).not.toHaveBeenCalled();
  });
});
