import type {
  BulkClass,
  BulkFileAnswer,
  BulkFilePair,
  BulkPair,
  ClassifiedPair,
} from '@scr/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allFeatures, forwarderUser, userWith } from '../../../test/fixtures.ts';
import { container } from '../test/fake-releases-api.ts';
import { fakeWallet } from '../test/fake-wallet.ts';
import { renderReleases } from '../test/render-releases.tsx';
import type { UploadProgress } from '../api/upload-request.ts';
import { BulkApiProvider, type BulkCalls } from './bulk-api.tsx';
import { BulkOperationsDialog } from './bulk-operations-dialog.tsx';

const forwarder = userWith({
  ...forwarderUser,
  features: { ...allFeatures(true), canSkipInitialLoad: false },
});

/** The file's pairs and how the fake server classifies each (by container number). */
const classes: Record<string, { bulkClass: BulkClass; address: string | null }> = {
  MSKU0000001: { bulkClass: 'eligible', address: '0xb1' },
  MSKU0000002: { bulkClass: 'blocked', address: '0xb2' },
  MSKU0000003: { bulkClass: 'alreadyTransferred', address: '0xb3' },
  MSKU0000004: { bulkClass: 'notFoundOrNotOwned', address: null },
  MSKU0000005: { bulkClass: 'eligible', address: '0xb5' },
};
const pairs: BulkFilePair[] = ['1', '2', '3', '4'].map((n, i) => ({
  row: i + 2,
  blNumber: 'SOLANR2611001',
  containerNumber: `MSKU000000${n}`,
}));

function fakeBulk(): BulkCalls & {
  readFile: ReturnType<typeof vi.fn>;
  classify: ReturnType<typeof vi.fn>;
} {
  return {
    readFile: vi.fn(async (file: File, onProgress): Promise<BulkFileAnswer> => {
      onProgress({ phase: 'uploading', fraction: 0.5 });
      onProgress({ phase: 'processing' });
      return {
        fileName: file.name,
        pairs,
        problems: [{ row: 6, blNumber: '', containerNumber: 'MSKU9', problem: 'missingBl' }],
      };
    }),
    classify: vi.fn(async (asked: readonly BulkPair[]) => ({
      rows: asked.map((pair): ClassifiedPair => ({
        ...pair,
        ...(classes[pair.containerNumber] ?? { bulkClass: 'notFoundOrNotOwned', address: null }),
      })),
    })),
  };
}

function renderDialog(user = forwarder) {
  fakeWallet(user);
  const bulk = fakeBulk();
  const app = renderReleases({
    user,
    containers: ['1', '2', '3', '5'].map((n) =>
      container({
        address: `0xb${n}`,
        blNumber: 'SOLANR2611001',
        containerNumber: `MSKU000000${n}`,
      }),
    ),
    ui: (
      <BulkApiProvider calls={bulk}>
        <BulkOperationsDialog onClose={() => undefined} />
      </BulkApiProvider>
    ),
  });
  return { ...app, bulk };
}

describe('issue 13 item 1: the Bulk Operations dialog (releases spec §2, §4, §5, §8)', () => {
  it('uploads a file, counts each class, takes a correction, transfers the eligible ones with one signature and downloads the report', async () => {
    const app = renderDialog();
    const dialog = await screen.findByTestId('bulk-dialog');
    const file = new File(['x'], 'pairs.xlsx');
    await app.events.upload(within(dialog).getByTestId('bulk-file'), file);
    await app.events.click(within(dialog).getByTestId('bulk-file-submit'));

    expect(await screen.findByTestId('bulk-summary')).toHaveTextContent(
      'pairs.xlsx: 4 pairs checked.',
    );
    expect(screen.getByTestId('bulk-count-eligible')).toHaveTextContent('Ready1');
    expect(screen.getByTestId('bulk-count-blocked')).toHaveTextContent('Blocked1');
    expect(screen.getByTestId('bulk-count-notFoundOrNotOwned')).toHaveTextContent('1');
    const notFound = screen.getByTestId('bulk-warnings-notFoundOrNotOwned');
    expect(notFound).toHaveTextContent(
      'SOLANR2611001 : MSKU0000004 was not found or is not owned by you',
    );
    expect(screen.getByTestId('bulk-problems')).toHaveTextContent(
      'Row 6 (— : MSKU9): no BL number',
    );
    expect(screen.getByTestId('bulk-action-transfer')).toBeEnabled();
    expect(screen.getByTestId('bulk-action-revoke')).toBeEnabled();
    expect(screen.getByTestId('bulk-action-transfer').closest('label')).toHaveTextContent(
      'Transfer (2 releases)',
    );

    // The user retypes the pair that was not found; it is classified again.
    await app.events.click(within(notFound).getByText(/Not found or not owned/));
    await app.events.click(await screen.findByTestId('bulk-edit-5'));
    const container = await screen.findByTestId('bulk-correct-container');
    await app.events.clear(container);
    await app.events.type(container, 'msku0000005');
    await app.events.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.getByTestId('bulk-continue')).toBeDisabled();
    await app.events.click(screen.getByTestId('bulk-recheck'));
    expect(await screen.findByTestId('bulk-count-eligible')).toHaveTextContent('Ready2');
    expect(app.bulk.classify).toHaveBeenLastCalledWith([
      { blNumber: 'SOLANR2611001', containerNumber: 'MSKU0000005' },
    ]);

    await app.events.click(screen.getByTestId('bulk-action-transfer'));
    await app.events.click(screen.getByTestId('bulk-continue'));
    expect(await screen.findByTestId('bulk-action-count')).toHaveTextContent(
      '3 releases will be transferred',
    );
    await app.events.click(screen.getByTestId('transfer-target'));
    await app.events.click(await screen.findByRole('option', { name: /Kempen Haulage/ }));
    await app.events.click(screen.getByTestId('bulk-confirm'));

    expect(await screen.findByTestId('bulk-report-done')).toHaveTextContent(
      '3 releases transferred.',
    );
    expect(app.api.custodyDryRun).toHaveBeenCalledTimes(1);
    expect(app.api.custodyDryRun).toHaveBeenCalledWith('transfer', {
      dryRun: true,
      release_addresses: ['0xb1', '0xb2', '0xb5'],
      target_organization_address: '0xa7a7',
    });
    expect(app.api.custodyApply).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('bulk-report-notIncluded')).toHaveTextContent('2 rows not included.');

    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((made: Blob) => {
      blob = made;
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await app.events.click(screen.getByTestId('bulk-report-download'));
    expect(clicked[0]).toMatch(/^bulk-transfer-\d{8}-\d{6}\.csv$/);
    const lines = (await blob!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'Row,BL number,Container number,Check,Result',
      '2,SOLANR2611001,MSKU0000001,is ready,Transferred',
      '3,SOLANR2611001,MSKU0000002,is blocked: it cannot get a pincode but can be transferred,Transferred',
      '4,SOLANR2611001,MSKU0000003,was already transferred to the next party,Not included',
      '5,SOLANR2611001,MSKU0000005,is ready,Transferred',
      '6,,MSKU9,no BL number,Not included',
    ]);
  }, 30_000);

  it('shows a progress bar for the upload, the classification and the action of 10,000 pairs', async () => {
    const app = renderDialog();
    const many: BulkFilePair[] = Array.from({ length: 10_000 }, (_, i) => ({
      row: i + 2,
      blNumber: 'SOLANR2611001',
      containerNumber: `MSKU${String(i).padStart(7, '0')}`,
    }));
    let uploaded: (answer: BulkFileAnswer) => void = () => undefined;
    app.bulk.readFile = vi.fn((_file: File, onProgress: (p: UploadProgress) => void) => {
      onProgress({ phase: 'uploading', fraction: 0.5 });
      return new Promise<BulkFileAnswer>((resolve) => {
        uploaded = resolve;
      });
    });
    const gates: (() => void)[] = [];
    app.bulk.classify.mockImplementation(
      (asked: readonly BulkPair[]) =>
        new Promise((resolve) => {
          gates.push(() =>
            resolve({
              rows: asked.map((pair, i) => ({
                ...pair,
                bulkClass: 'alreadyTransferred',
                address: `0x${pair.containerNumber}${i}`,
              })),
            }),
          );
        }),
    );
    const dialog = await screen.findByTestId('bulk-dialog');
    await app.events.upload(within(dialog).getByTestId('bulk-file'), new File(['x'], 'big.xlsx'));
    await app.events.click(within(dialog).getByTestId('bulk-file-submit'));
    const upload = await screen.findByTestId('bulk-upload-progress');
    expect(upload).toHaveAttribute('data-percent', '50');
    expect(upload).toHaveTextContent('Uploading the file… 50%');

    uploaded({ fileName: 'big.xlsx', pairs: many, problems: [] });
    const classifying = await screen.findByTestId('bulk-classify-progress');
    expect(classifying).toHaveTextContent('Checking the releases… 0 of 10000');
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    gates[0]!();
    await vi.waitFor(() =>
      expect(screen.getByTestId('bulk-classify-progress')).toHaveAttribute('data-percent', '20'),
    );
    for (let i = 1; i < 5; i += 1) {
      await vi.waitFor(() => expect(gates).toHaveLength(i + 1));
      gates[i]!();
    }
    expect(await screen.findByTestId('bulk-count-alreadyTransferred')).toHaveTextContent(
      'Already transferred10000',
    );

    let dryRunDone: () => void = () => undefined;
    const answer = app.api.custodyDryRun.getMockImplementation()!;
    app.api.custodyDryRun.mockImplementation(
      (...args: Parameters<typeof answer>) =>
        new Promise((resolve) => {
          dryRunDone = () => resolve(answer(...args));
        }),
    );
    await app.events.click(screen.getByTestId('bulk-action-revoke'));
    await app.events.click(screen.getByTestId('bulk-continue'));
    await app.events.click(await screen.findByTestId('bulk-confirm'));
    const acting = await screen.findByTestId('bulk-action-progress');
    expect(acting).toHaveAttribute('data-percent', '10');
    expect(acting).toHaveTextContent('Checking the releases…');
    dryRunDone();
    expect(await screen.findByTestId('bulk-report-done')).toHaveTextContent(
      '10000 releases revoked.',
    );
    expect(app.api.custodyApply).toHaveBeenCalledTimes(1);
    expect(app.api.custodyApply.mock.calls[0]![1].release_addresses).toHaveLength(10_000);
  }, 60_000);

  it('releases spec §5: says a first row was read as a pair, not a header', async () => {
    const app = renderDialog();
    app.bulk.readFile.mockResolvedValueOnce({
      fileName: 'pairs.csv',
      pairs: pairs.map((pair, i) => ({ ...pair, row: i + 1 })),
      problems: [],
      warnings: [{ kind: 'noHeader', row: 1 }],
    });
    const dialog = await screen.findByTestId('bulk-dialog');
    await app.events.upload(within(dialog).getByTestId('bulk-file'), new File(['x'], 'pairs.csv'));
    await app.events.click(within(dialog).getByTestId('bulk-file-submit'));
    expect(await screen.findByTestId('bulk-file-noHeader')).toHaveTextContent(
      'Row 1 holds a BL and container pair, not a header: it was read as a pair.',
    );
  });

  it('releases spec §5: refuses before sending a .csv that is not the text its byte order mark says', async () => {
    const app = renderDialog();
    const dialog = await screen.findByTestId('bulk-dialog');
    const broken = new File([new Uint8Array([0xfe, 0xff, 0xd8, 0x00, 0x00, 0x41])], 'pairs.csv');
    await app.events.upload(within(dialog).getByTestId('bulk-file'), broken);
    expect(await within(dialog).findByTestId('bulk-file-problem')).toHaveTextContent(
      'The file cannot be read as UTF-16BE text: save it again as “CSV UTF-8”.',
    );
    await app.events.click(within(dialog).getByTestId('bulk-file-submit'));
    expect(app.bulk.readFile).not.toHaveBeenCalled();
  });

  it('shows the premium info frame without canBulkOperations, and reads nothing', async () => {
    const app = renderDialog(
      userWith({ ...forwarder, features: { ...allFeatures(true), canBulkOperations: false } }),
    );
    const dialog = await screen.findByTestId('bulk-dialog');
    expect(within(dialog).getByTestId('premium-promo')).toHaveAttribute(
      'data-feature',
      'canBulkOperations',
    );
    expect(within(dialog).queryByTestId('bulk-file')).toBeNull();
    expect(app.bulk.readFile).not.toHaveBeenCalled();
  });
});
