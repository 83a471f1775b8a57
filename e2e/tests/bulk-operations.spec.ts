import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { expect, test } from '../support/test.ts';
import { forwarder2Name, forwarderName } from '../support/demo.ts';
import { search, signedInPage, uniqueBl, uniqueContainer } from '../support/releases.ts';
import { pinTerminal } from '../support/custody.ts';
import { publishReleases, signInThroughApi, transferThroughApi } from '../support/chain-setup.ts';

test('runs a bulk transfer from a file and reads the report (issue 13 item 1)', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // The carrier publishes three releases on a BL of this journey and passes them to forwarder@,
  // through the API (the upload and the transfer dialog have journeys of their own).
  const bl = uniqueBl('BLK');
  const containers = [uniqueContainer(), uniqueContainer(), uniqueContainer()];
  const carrier = await signInThroughApi(request, 'carrier@demo.test');
  const addresses = await publishReleases(
    carrier,
    containers.map((container, i) => ({
      bl,
      container,
      pickupLocation: pinTerminal,
      pincode: String(520_000 + i),
    })),
  );
  await transferThroughApi(carrier, addresses, forwarderName);

  // forwarder@ uploads a file of pairs: its three (one typed in lower case), one nobody holds
  // for it, and a repeated row.
  const unknown = uniqueContainer();
  const book = XLSX.utils.book_new();
  const rows = [
    ['BL number', 'Container number'],
    [bl, containers[0]],
    [bl.toLowerCase(), containers[1]],
    [bl, containers[2]],
    [bl, unknown],
    [bl, containers[0]],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pairs');
  const forwarder = await signedInPage(browser, 'forwarder@demo.test');
  await forwarder.getByTestId('open-bulk-operations').click();
  const dialog = forwarder.getByTestId('bulk-dialog');
  await dialog.getByTestId('bulk-file').setInputFiles({
    name: 'pairs.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  });
  await dialog.getByTestId('bulk-file-submit').click();

  // Classified (releases spec §4) with counts, the warning in §8's words.
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('pairs.xlsx: 4 pairs checked.');
  await expect(dialog.getByTestId('bulk-count-eligible')).toContainText('3');
  await expect(dialog.getByTestId('bulk-count-notFoundOrNotOwned')).toContainText('1');
  const warnings = dialog.getByTestId('bulk-warnings-notFoundOrNotOwned');
  await warnings.click();
  await expect(warnings).toContainText(`${bl} : ${unknown} was not found or is not owned by you`);
  await expect(dialog.getByTestId('bulk-problems')).toContainText('Rows not read (1)');
  await dialog.getByTestId('bulk-ignore-notFoundOrNotOwned').click();
  await expect(warnings).toHaveCount(0);

  // Transfer the eligible ones to forwarder2@'s organisation: one signature, a progress bar.
  await dialog.getByTestId('bulk-action-transfer').check();
  await dialog.getByTestId('bulk-continue').click();
  await expect(dialog.getByTestId('bulk-action-count')).toContainText(
    '3 releases will be transferred',
  );
  await dialog.getByTestId('transfer-target').click();
  await forwarder.getByRole('option', { name: new RegExp(forwarder2Name) }).click();
  await dialog.getByTestId('bulk-confirm').click();
  await expect(dialog.getByTestId('bulk-report-done')).toHaveText('3 releases transferred.', {
    timeout: 30_000,
  });
  await expect(dialog.getByTestId('bulk-report-notIncluded')).toHaveText('2 rows not included.');

  // The report, downloaded: one line per row of the file.
  const [download] = await Promise.all([
    forwarder.waitForEvent('download'),
    dialog.getByTestId('bulk-report-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bulk-transfer-\d{8}-\d{6}\.csv$/);
  const lines = (await readFile(await download.path()!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines.slice(0, 6)).toEqual([
    'Row,BL number,Container number,Check,Result',
    `2,${bl},${containers[0]},is ready,Transferred`,
    `3,${bl},${containers[1]},is ready,Transferred`,
    `4,${bl},${containers[2]},is ready,Transferred`,
    `5,${bl},${unknown},was not found or is not owned by you,Not included`,
    `6,${bl},${containers[0]},repeats an earlier row,Not included`,
  ]);
  await dialog.getByTestId('bulk-close').click();

  // The overview shows them passed on.
  await search(forwarder, bl);
  await forwarder.getByTestId('tab-container').click();
  await expect(forwarder.getByTestId(`container-row-${containers[0]}`)).toContainText(
    'Transferred',
  );
  await forwarder.context().close();
});
