import { parseStatement, type CustodyApplyResult, type RefusedRelease } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { forwarderUser, userWith } from '../../../test/fixtures.ts';
import { container } from '../test/fake-releases-api.ts';
import { fakeWallet } from '../test/fake-wallet.ts';
import { renderReleases } from '../test/render-releases.tsx';
import { PcsDialog } from './pcs-dialog.tsx';

const forwarder = userWith({ ...forwarderUser, isConnectedtoCpoint: true });
const rows = [1, 2, 3, 4, 5].map((n) =>
  container({ address: `0xr${n}`, containerNumber: `MSKU000000${n}`, ediPcs: 'CPOINT' }),
);
const bl = 'SOLU1234567';
const refused = (n: number, reason: RefusedRelease['reason']): RefusedRelease => ({
  address: `0xr${n}`,
  blNumber: bl,
  containerNumber: `MSKU000000${n}`,
  reason,
  error: reason,
});

function renderDialog(
  action: 'transferToPcs' | 'revokeFromPcs',
  report: CustodyApplyResult['report'],
) {
  const onClose = vi.fn();
  const app = renderReleases({
    user: forwarder,
    containers: rows,
    ui: <PcsDialog action={action} rows={rows} onClose={onClose} />,
    configure: (api) => {
      api.custodyDryRun.mockResolvedValueOnce({
        action,
        eligible_releases: [1, 2].map((n) => ({
          address: `0xr${n}`,
          blNumber: bl,
          containerNumber: `MSKU000000${n}`,
          version: 1,
          encryptedPincode: null,
          pincodeHash: null,
        })),
        refused: [
          refused(3, 'noPcs'),
          refused(4, 'sendStatusConflict'),
          refused(5, 'alreadyTransferred'),
        ],
        serverTime: new Date().toISOString(),
      });
      api.custodyApply.mockImplementationOnce(async (_action, request) => ({
        action,
        applied: request.release_addresses.map(({ address }) => ({
          address,
          blNumber: bl,
          containerNumber: address.replace('0xr', 'MSKU000000'),
          version: 2,
        })),
        statementHash: '0x5747',
        report,
      }));
    },
  });
  return { ...app, onClose };
}

describe('PCS dialog (releases spec §2, §4 "In the PCS dialog", §7 `releases/pcs/*`, §8)', () => {
  it('lists the excluded containers by group, signs one statement over the rest, shows the report', async () => {
    const wallet = fakeWallet(forwarder);
    const app = renderDialog('transferToPcs', [
      {
        address: '0xr1',
        blNumber: bl,
        containerNumber: 'MSKU0000001',
        result: 'done',
        reason: null,
        error: null,
      },
      {
        address: '0xr2',
        blNumber: bl,
        containerNumber: 'MSKU0000002',
        result: 'pending',
        reason: 'pcsPending',
        error: null,
      },
    ]);
    expect(screen.getByTestId('pcs-count')).toHaveTextContent('5 selected containers');
    await app.events.click(screen.getByTestId('pcs-confirm'));

    expect(await screen.findByTestId('pcs-eligible')).toHaveTextContent('2 containers');
    expect(screen.getByTestId('pcs-excluded-noPcs')).toHaveTextContent(`${bl} : MSKU0000003`);
    expect(screen.getByTestId('pcs-excluded-sendStatusConflict')).toHaveTextContent('MSKU0000004');
    expect(screen.getByTestId('pcs-excluded-alreadyTransferred')).toHaveTextContent(
      'Left out: 1 container already transferred',
    );
    expect(app.api.custodyApply).not.toHaveBeenCalled();
    await app.events.click(screen.getByTestId('pcs-confirm'));

    const report = await screen.findByTestId('pcs-report');
    expect(within(report).getByTestId('pcs-report-done')).toHaveTextContent(
      '1 release sent to the PCS',
    );
    expect(within(report).getByTestId('pcs-report-pending')).toHaveTextContent('MSKU0000002');
    expect(within(report).getByTestId('pcs-excluded-noPcs')).toBeInTheDocument();
    expect(app.api.custodyApply).toHaveBeenCalledTimes(1);
    const [action, body] = app.api.custodyApply.mock.calls[0]!;
    expect(action).toBe('transferToPcs');
    expect(body.release_addresses.map((r) => r.address)).toEqual(['0xr1', '0xr2']);
    const statement = parseStatement(body.statement);
    expect(statement).toMatchObject({ action: 'transferToPcs', by: forwarder.organizationAddress });
    expect(wallet.called('POST /wallet/sign')).toHaveLength(1);
  });

  it('reports each refusal of the PCS with its reason and words', async () => {
    fakeWallet(forwarder);
    const app = renderDialog('revokeFromPcs', [
      {
        address: '0xr1',
        blNumber: bl,
        containerNumber: 'MSKU0000001',
        result: 'refused',
        reason: 'notInPcs',
        error: null,
      },
      {
        address: '0xr2',
        blNumber: bl,
        containerNumber: 'MSKU0000002',
        result: 'refused',
        reason: 'pcsUnavailable',
        error: 'the PCS answered 503',
      },
    ]);
    await app.events.click(screen.getByTestId('pcs-confirm'));
    await app.events.click(await screen.findByTestId('pcs-confirm'));
    const refusedGroup = await screen.findByTestId('pcs-report-refused');
    expect(refusedGroup).toHaveTextContent(
      `${bl} : MSKU0000001 — Release is not available in the PCS`,
    );
    expect(refusedGroup).toHaveTextContent('The PCS could not be reached');
    expect(refusedGroup).toHaveTextContent('(the PCS answered 503)');
    await waitFor(() => expect(screen.queryByTestId('pcs-report-done')).toBeNull());
  });
});
