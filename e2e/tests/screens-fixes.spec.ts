import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { chooseBlAction } from '../support/custody.ts';
import { publishReleases, signInThroughApi } from '../support/chain-setup.ts';
import { openFromNavigation } from '../support/navigation.ts';
import { search, signIn, signedInPage, uniqueBl, uniqueContainer } from '../support/releases.ts';
import { expect, test, type Page } from '../support/test.ts';

/*
 * What a new user met on three screens, at desktop width (1280 × 800):
 * - access spec §2 "Documents": a transport order's dates typed DD/MM/YYYY as in every other form
 *   of the portal (DESIGN §5), its fields in titled sections and columns, and a containers
 *   block that says what to add;
 * - releases spec §7 "Handling of answers": a multi-release edit ends in a per-release report,
 *   as block and transfer do; the audit trail then names what changed, its description within
 *   the dialog;
 * - releases spec §5 "Download": a CSV grouped by BL keeps one row per container, the BL's
 *   fields as columns, no heading rows.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const field = (page: Page, id: string) => page.locator(`#document_${id}`);

test('a transport order: dates as DD/MM/YYYY, sections in columns, a containers block that says what to add', async ({
  browser,
}, testInfo) => {
  const page = await signedInPage(browser, 'forwarder2@demo.test');
  // The cookie banner would cover the form's buttons at the bottom of the page.
  await page.getByTestId('cookie-decline').click();
  await openFromNavigation(page, 'nav-documents');
  await page.getByTestId('document-new').click();
  await page.getByTestId('document-new-transport-order').click();
  const screen = page.getByTestId('document-screen');

  // DESIGN §5: the portal's date field, not the browser's mm/dd/yyyy date input.
  const eta = field(page, 'eta');
  await expect(eta).toHaveAttribute('type', 'text');
  await expect(eta).toHaveAttribute('placeholder', 'DD/MM/YYYY');

  // Sections with titles, and at desktop width fields side by side.
  for (const title of ['Order', 'Shipment', 'Containers', 'Locations', 'Cargo']) {
    await expect(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  const [bl, vessel] = [
    await field(page, 'blNumber').boundingBox(),
    await field(page, 'vessel').boundingBox(),
  ];
  expect(Math.abs(bl!.y - vessel!.y)).toBeLessThan(4);
  expect(vessel!.x).toBeGreaterThan(bl!.x + bl!.width);

  // The containers block says what to add, and its button what it adds.
  const containers = screen.getByTestId('document-list-containers');
  await expect(containers).toContainText('Add each container of the BL');
  await expect(containers).toContainText('Nothing added yet.');
  await containers.getByRole('button', { name: 'Add a container' }).click();
  await expect(containers.getByText('Nothing added yet.')).toHaveCount(0);

  const reference = `E2E-FIX-${Date.now().toString(36).toUpperCase()}`;
  await field(page, 'reference').fill(reference);
  await screen.getByLabel('Import').check();
  await field(page, 'blNumber').fill('SOLANR2611001');
  await field(page, 'containers_0_containerNumber').fill('MSCU1234567');
  await eta.fill('31/02/2027');
  await screen.getByTestId('document-save').click();
  await expect(screen).toContainText('ETA is not a valid date: type it as DD/MM/YYYY');
  await eta.fill('15/03/2027');
  await page.screenshot({ path: testInfo.outputPath('transport-order.png'), fullPage: true });
  await screen.getByTestId('document-save').click();
  await expect(screen.getByTestId('document-status')).toHaveText('Draft');
  await expect(page).toHaveURL(/\/documents\?id=\d+$/);

  // Read back from the server: the date as it was typed.
  await page.reload();
  await expect(field(page, 'reference')).toHaveValue(reference);
  await expect(field(page, 'eta')).toHaveValue('15/03/2027');
  await page.context().close();
});

test('a multi-release edit ends in its per-release report; the audit trail names the change within the dialog', async ({
  page,
  request,
}, testInfo) => {
  const bl = uniqueBl('FIX');
  const containers = [uniqueContainer(), uniqueContainer()];
  await publishReleases(
    await signInThroughApi(request, 'carrier@demo.test'),
    containers.map((container, i) => ({
      bl,
      container,
      pickupLocation: '1742',
      pincode: String(940_000 + i),
      vessel: 'Scheldt Star',
    })),
  );
  await signIn(page, 'carrier@demo.test');
  await search(page, bl);
  await page.getByTestId('tab-container').click();
  for (const container of containers) {
    await page.getByTestId(`container-row-${container}`).getByRole('checkbox').check();
  }
  await page.getByTestId('selection-actions-arrow').click();
  await page.getByTestId('release-action-edit').click();
  const many = page.getByTestId('multi-edit-dialog');
  await many.getByTestId('edit-vessel').fill('Scheldt Moon');
  await many.getByTestId('edit-submit').click();
  await page.getByTestId('release-confirm').click();

  // Releases spec §7: the report names each release, as the custody actions' reports do.
  const report = page.getByTestId('edit-report');
  await expect(report).toContainText('Edit report');
  const changed = report.getByTestId('custody-report-succeeded');
  await expect(changed).toContainText('2 releases changed');
  for (const container of containers) await expect(changed).toContainText(`${bl} : ${container}`);
  await page.screenshot({ path: testInfo.outputPath('edit-report.png') });
  await report.getByTestId('edit-report-close').click();
  await expect(report).toBeHidden();

  // The audit trail: the edit's description in words, inside the dialog, not cut at its edge.
  await page.getByTestId('tab-bl').click();
  await chooseBlAction(page, bl, 'auditTrail');
  const trail = page.getByTestId('audit-trail-dialog');
  const edit = trail.getByTestId('audit-trail-row').filter({ hasText: 'Scheldt Moon' }).first();
  await expect(edit).toContainText('Vessel: Scheldt Moon');
  const description = edit.getByTestId('audit-trail-description');
  const [box, dialog] = [
    await description.boundingBox(),
    await trail.getByRole('dialog').boundingBox(),
  ];
  await page.screenshot({ path: testInfo.outputPath('audit-trail.png') });
  expect(box!.x + box!.width).toBeLessThanOrEqual(dialog!.x + dialog!.width);
  await trail.getByTestId('audit-trail-close').click();
});

test('a CSV grouped by BL: one row per container with the BL fields as columns', async ({
  browser,
}) => {
  // Demo BL SOLANR2611001 (demo-releases.ts): three containers the forwarder owns.
  const bl = 'SOLANR2611001';
  const page = await signedInPage(browser, 'forwarder@demo.test');
  await search(page, bl);
  await expect(page.getByTestId(`bl-row-${bl}`)).toBeVisible();
  await page.getByTestId('download-releases').click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByTestId('download-format-csv').click();
  await dialog.getByTestId('download-layout-grouped').click();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByTestId('download-start').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^releases-grouped-\d{8}-\d{6}\.csv$/);
  const bytes = readFileSync(await download.path());
  // UTF-8 with a byte-order mark, so spreadsheets read the languages' characters.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const sheet = XLSX.read(text, { type: 'string', raw: true });
  const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]!]!, {
    header: 1,
    defval: '',
    raw: false,
  });
  expect(rows[0]!.slice(0, 7)).toEqual([
    'BL number',
    'Vessel',
    'Voyage number',
    'Port of loading',
    'Port of destination',
    'Carrier',
    'Container number',
  ]);
  const data = rows.slice(1).filter((row) => row.some(Boolean));
  expect(data.map((row) => row[6]).sort()).toEqual(['SOLU4217762', 'SOLU4217818', 'TCLU6830214']);
  // No BL heading among the rows: every row is a container of the BL, under the BL's number.
  expect(data.every((row) => row[0] === bl)).toBe(true);
  await page.context().close();
});
