import type { UploadResult } from '@scr/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadProgress } from '../api/upload-request.ts';
import { renderReleases } from '../test/render-releases.tsx';
import { UploadReleasesDialog } from './upload-releases-dialog.tsx';

const report: UploadResult = {
  fileName: 'releases.csv',
  storedName: 'releases (1).csv',
  created: 2,
  failed: 1,
  rows: [
    { row: 2, blNumber: 'SOLU1', containerNumber: 'MSKU1234565' },
    { row: 3, blNumber: 'SOLU1', containerNumber: 'TGHU7654321' },
    {
      row: 4,
      blNumber: '',
      containerNumber: 'TGHU0000001',
      errors: {
        blNumber: 'releases.validation.blNumberRequired',
        pickupLocation: 'releases.validation.invalidTerminal',
      },
    },
  ],
};

/** A sheet as the template has it: the header, then one release. */
const file = (name: string, lines = ['BL;Port of loading', 'SOLU1;CNSHA']) =>
  new File([lines.join('\n')], name, { type: 'text/csv' });

describe('multi-upload (releases spec §2, §5 "Multi-upload of releases")', () => {
  it('accepts csv, xls and xlsx only, and needs a file', async () => {
    const app = renderReleases({ ui: <UploadReleasesDialog onClose={vi.fn()} /> });
    const dialog = await screen.findByTestId('upload-dialog');
    const input = within(dialog).getByTestId('upload-file');
    expect(input).toHaveAttribute('accept', '.csv,.xls,.xlsx');
    await app.events.click(within(dialog).getByTestId('upload-submit'));
    expect(within(dialog).getByTestId('upload-problem')).toHaveTextContent(
      'Please choose a file to upload.',
    );
    // A file picked past the accept filter (drag and drop, "all files").
    fireEvent.change(input, { target: { files: [file('releases.pdf')] } });
    expect(within(dialog).getByTestId('upload-problem')).toHaveTextContent(
      'Only .csv, .xls and .xlsx files can be uploaded.',
    );
    expect(app.api.uploadReleases).not.toHaveBeenCalled();
  });

  it('shows the upload’s progress, then processing, then the report with the kept name', async () => {
    const app = renderReleases({ ui: <UploadReleasesDialog onClose={vi.fn()} /> });
    let progress: (p: UploadProgress) => void = () => undefined;
    let answer: (r: UploadResult) => void = () => undefined;
    app.api.uploadReleases.mockImplementation((_file: File, onProgress) => {
      progress = onProgress;
      return new Promise<UploadResult>((resolve) => (answer = resolve));
    });
    const dialog = await screen.findByTestId('upload-dialog');
    await app.events.upload(within(dialog).getByTestId('upload-file'), file('releases.csv'));
    expect(within(dialog).getByTestId('upload-file-name')).toHaveTextContent('releases.csv');
    // Issue 15: the browser reads the file first and counts its releases.
    expect(await within(dialog).findByTestId('upload-rows')).toHaveTextContent(
      '1 release in this file.',
    );
    await waitFor(() => expect(within(dialog).getByTestId('upload-submit')).toBeEnabled());
    await app.events.click(within(dialog).getByTestId('upload-submit'));

    await waitFor(() => expect(app.api.uploadReleases).toHaveBeenCalled());
    progress({ phase: 'uploading', fraction: 0.42 });
    expect(await within(dialog).findByText('Uploading… 42%')).toBeVisible();
    progress({ phase: 'processing' });
    expect(await within(dialog).findByText('Processing the file…')).toBeVisible();
    expect(within(dialog).getByTestId('upload-progress')).toHaveAttribute(
      'data-phase',
      'processing',
    );

    answer(report);
    const shown = await within(dialog).findByTestId('upload-report');
    expect(within(shown).getByTestId('upload-stored-name')).toHaveTextContent(
      'File releases.csv was read and kept as releases (1).csv.',
    );
    expect(within(shown).getByTestId('upload-counts')).toHaveTextContent(
      '2 releases created. 1 row was refused.',
    );
    const errors = within(shown).getByTestId('upload-errors');
    expect(errors).toHaveTextContent('TGHU0000001');
    expect(errors).toHaveTextContent('BL number: Please provide a BL number');
    expect(errors).toHaveTextContent('Pick-up location: Invalid terminal code');
  });

  it('issue 15: says a wrong header once, before sending, and sends nothing', async () => {
    const app = renderReleases({ ui: <UploadReleasesDialog onClose={vi.fn()} /> });
    const dialog = await screen.findByTestId('upload-dialog');
    const swapped = ['Container number;Port of loading', 'MSCU1234566;CNSHA'];
    await app.events.upload(within(dialog).getByTestId('upload-file'), file('a.csv', swapped));
    const problem = await within(dialog).findByTestId('upload-header-problem');
    expect(problem).toHaveTextContent('The header row does not match the template');
    expect(problem).toHaveTextContent(
      'Column A is “Container number” where the template has BL number',
    );
    expect(within(dialog).getByTestId('upload-submit')).toBeDisabled();
    const headless = ['SOLU1;CNSHA;BEANR;;;;;MSCU1234566'];
    await app.events.upload(within(dialog).getByTestId('upload-file'), file('b.csv', headless));
    expect(await within(dialog).findByTestId('upload-header-problem')).toHaveTextContent(
      'The first row must be the header row of the template',
    );
    expect(app.api.uploadReleases).not.toHaveBeenCalled();
  });

  it('releases spec §5: reads a .csv as offices save it (Windows-1252, UTF-16) below a title row', async () => {
    const app = renderReleases({ ui: <UploadReleasesDialog onClose={vi.fn()} /> });
    const dialog = await screen.findByTestId('upload-dialog');
    const text =
      'Releases – week 12\r\nBL;Port of loading;Port of destination;Vessel\r\nSOLU1;CNSHA;Müllerhafen;Société Générale\r\n';
    const latin = new Uint8Array([...text].map((c) => (c === '–' ? 0x96 : c.charCodeAt(0))));
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    for (const [name, bytes] of [
      ['excel.csv', latin],
      ['unicode.csv', utf16],
    ] as const) {
      await app.events.upload(
        within(dialog).getByTestId('upload-file'),
        new File([bytes], name, { type: 'text/csv' }),
      );
      expect(await within(dialog).findByTestId('upload-rows')).toHaveTextContent(
        '1 release in this file.',
      );
    }
  });

  it('releases spec §5: refuses before sending a .csv that is not the text its mark says, or a title without a header', async () => {
    const app = renderReleases({ ui: <UploadReleasesDialog onClose={vi.fn()} /> });
    const dialog = await screen.findByTestId('upload-dialog');
    const broken = new Uint8Array([0xff, 0xfe, 0x42, 0x00, 0x4c]);
    await app.events.upload(
      within(dialog).getByTestId('upload-file'),
      new File([broken], 'broken.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByTestId('upload-sheet-problem')).toHaveTextContent(
      'The file cannot be read as UTF-16LE text: save it again as “CSV UTF-8”.',
    );
    expect(within(dialog).getByTestId('upload-submit')).toBeDisabled();
    const titled = ['Releases', 'SOLU1;CNSHA;BEANR;;;;;MSCU1234566'];
    await app.events.upload(within(dialog).getByTestId('upload-file'), file('t.csv', titled));
    expect(await within(dialog).findByTestId('upload-header-problem')).toHaveTextContent(
      'The header is not on row 1, which holds “Releases”, nor on the rows below it up to row 2: put the header row of the template on row 1.',
    );
    expect(app.api.uploadReleases).not.toHaveBeenCalled();
  });

  it('releases spec §5: reports the rows whose typed dates were read day first, saying how', async () => {
    const app = renderReleases({ ui: <UploadReleasesDialog onClose={vi.fn()} /> });
    app.api.uploadReleases.mockResolvedValue({
      ...report,
      failed: 0,
      rows: [
        {
          row: 2,
          blNumber: 'SOLU1',
          containerNumber: 'MSKU1234565',
          address: '0xr1',
          warnings: [
            {
              field: 'validFrom',
              key: 'releases.upload.ambiguousDate',
              values: { typed: '3/4/2027', day: '3', month: '4', year: '2027' },
              message: '"3/4/2027" was read as day 3, month 4, 2027: dates are read as DD/MM/YYYY',
            },
          ],
        },
      ],
    });
    const dialog = await screen.findByTestId('upload-dialog');
    await app.events.upload(within(dialog).getByTestId('upload-file'), file('releases.csv'));
    await waitFor(() => expect(within(dialog).getByTestId('upload-submit')).toBeEnabled());
    await app.events.click(within(dialog).getByTestId('upload-submit'));
    const shown = await within(dialog).findByTestId('upload-report');
    expect(within(shown).getByTestId('upload-counts')).toHaveTextContent(
      '1 row was read with a warning: check it below.',
    );
    expect(within(shown).getByTestId('upload-warnings')).toHaveTextContent(
      'Valid from: “3/4/2027” was read as day 3, month 4, 2027: dates are read as DD/MM/YYYY.',
    );
    expect(within(shown).queryByTestId('upload-errors')).toBeNull();
  });

  it('issue 15: counts more than 5,000 rows in the browser and refuses before sending', async () => {
    const app = renderReleases({ ui: <UploadReleasesDialog onClose={vi.fn()} /> });
    const dialog = await screen.findByTestId('upload-dialog');
    const lines = ['BL;Port of loading', ...Array.from({ length: 5001 }, (_, i) => `BL${i};CNSHA`)];
    await app.events.upload(within(dialog).getByTestId('upload-file'), file('many.csv', lines));
    expect(await within(dialog).findByTestId('upload-sheet-problem')).toHaveTextContent(
      'The file has 5,001 rows below its header; at most 5000 go in one upload.',
    );
    expect(within(dialog).getByTestId('upload-submit')).toBeDisabled();
    expect(app.api.uploadReleases).not.toHaveBeenCalled();
  });

  it('issue 15: cancels while the file is sent; nothing is created', async () => {
    const app = renderReleases({ ui: <UploadReleasesDialog onClose={vi.fn()} /> });
    let signal: AbortSignal | undefined;
    app.api.uploadReleases.mockImplementation(
      (_file: File, onProgress: (p: UploadProgress) => void, given?: AbortSignal) => {
        signal = given;
        onProgress({ phase: 'uploading', fraction: 0.1 });
        return new Promise<UploadResult>((_resolve, reject) =>
          given?.addEventListener('abort', () =>
            reject(new DOMException('The upload was cancelled.', 'AbortError')),
          ),
        );
      },
    );
    const dialog = await screen.findByTestId('upload-dialog');
    await app.events.upload(within(dialog).getByTestId('upload-file'), file('releases.csv'));
    await waitFor(() => expect(within(dialog).getByTestId('upload-submit')).toBeEnabled());
    await app.events.click(within(dialog).getByTestId('upload-submit'));
    await app.events.click(await within(dialog).findByTestId('upload-cancel'));
    expect(signal?.aborted).toBe(true);
    expect(await within(dialog).findByTestId('upload-cancelled')).toHaveTextContent(
      'Upload cancelled: nothing was created.',
    );
  });
});
