import * as XLSX from '@e965/xlsx';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { search, signedInPage } from '../support/releases.ts';
import { expect, test, type Page } from '../support/test.ts';

// Demo BL SOLANR2611001 (demo-releases.ts): three containers the forwarder owns.
const bl = 'SOLANR2611001';
const containers = ['SOLU4217762', 'SOLU4217818', 'TCLU6830214'];

/** Opens the download dialog, picks the format, layout and pincodes, and saves the file. */
async function downloadFile(
  page: Page,
  choice: { format: 'pdf' | 'xlsx'; layout: 'grouped' | 'flat'; withPincodes?: boolean },
) {
  await page.getByTestId('download-releases').click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByTestId(`download-format-${choice.format}`).click();
  await dialog.getByTestId(`download-layout-${choice.layout}`).click();
  if (choice.withPincodes) await dialog.getByTestId('download-with-pincodes').check();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByTestId('download-start').click(),
  ]);
  await expect(dialog.getByTestId('download-done')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^releases-${choice.layout}-\\d{8}-\\d{6}\\.${choice.format}$`),
  );
  const bytes = readFileSync(await download.path());
  await dialog.getByTestId('download-close').click();
  return bytes;
}

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString();

test('the forwarder downloads a PDF and an Excel file of a search, and prints it', async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'forwarder@demo.test');
  // Releases spec §5: nothing searched, filtered or selected: the button says why.
  await expect(page.getByTestId('download-releases')).toBeDisabled();
  await expect(page.getByTestId('download-releases')).toHaveAttribute(
    'aria-description',
    /a download needs one of them/,
  );
  await search(page, bl);
  await expect(page.getByTestId(`bl-row-${bl}`)).toBeVisible();

  const pdf = pdfText(await downloadFile(page, { format: 'pdf', layout: 'grouped' }));
  expect(pdf).toContain('Releases');
  expect(pdf).toMatch(/Organisation: .+ · Downloaded on: \d\d\/\d\d\/\d{4}/);
  expect(pdf).toContain(`BL number ${bl}`);
  for (const container of containers) expect(pdf).toContain(container);

  const workbook = XLSX.read(await downloadFile(page, { format: 'xlsx', layout: 'flat' }));
  const rows = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]!]!, {
    header: 1,
    defval: '',
  });
  expect(rows[4]!.slice(0, 2)).toEqual(['Container number', 'BL number']);
  expect(
    rows
      .slice(5)
      .map((row) => row[0])
      .sort(),
  ).toEqual([...containers].sort());
  expect(rows.slice(5).every((row) => row[1] === bl)).toBe(true);

  await page.getByTestId('print-releases').click();
  await page.getByTestId('download-dialog').getByTestId('download-start').click();
  const view = page.getByTestId('print-view');
  await expect(view).toContainText(`BL number ${bl}`);
  for (const container of containers) await expect(view).toContainText(container);
  await view.getByTestId('print-view-close').click();
});

// Demo BL SOLANR2611002: passed on to haulier@'s organisation, at terminal 1333, which gives pins
// without Secure Pick-up; its first container's pincode (no other journey fetches it).
const haulierContainer = 'SOLU7332409';
const haulierPincode = '307642';

test('with pincodes: the wallet opens them in the browser, which writes the PDF', async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'haulier@demo.test');
  await page.getByTestId('tab-container').click();
  await search(page, haulierContainer);
  await expect(page.getByTestId(`container-row-${haulierContainer}`)).toBeVisible();
  const pdf = pdfText(
    await downloadFile(page, { format: 'pdf', layout: 'flat', withPincodes: true }),
  );
  expect(pdf).toContain('Pincode');
  expect(pdf).toContain(haulierContainer);
  expect(pdf).toContain(haulierPincode);
  // Recorded as a pincode retrieval (releases spec §4 "Effects"): the overview shows it.
  await expect(page.getByTestId(`container-row-${haulierContainer}`)).toContainText(
    'Pincode retrieved',
  );
});
