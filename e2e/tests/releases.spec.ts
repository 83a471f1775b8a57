import { expect, test, type Page } from '../support/test.ts';
import {
  pickTerminal,
  releasesWorkbook,
  search,
  showColumn,
  signedInPage,
  signIn,
  snackbar,
  uniqueBl,
  uniqueContainer,
  uploadReleases,
} from '../support/releases.ts';
import { forwarderName } from '../support/demo.ts';
import {
  editThroughApi,
  publishReleases,
  signInThroughApi,
  transferThroughApi,
} from '../support/chain-setup.ts';

// The demo users have preferred languages; an explicit choice on this browser keeps English.
test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

/** The message under a field of the create dialog. */
const messageOf = (page: Page, field: string) =>
  page
    .getByTestId('create-release-dialog')
    .locator('.MuiFormControl-root', { has: page.getByTestId(`create-${field}`) })
    .locator('.MuiFormHelperText-root');

async function fill(page: Page, values: Record<string, string>) {
  const dialog = page.getByTestId('create-release-dialog');
  for (const [field, value] of Object.entries(values)) {
    await dialog.getByTestId(`create-${field}`).fill(value);
  }
}

test('the carrier creates a release in the dialog, after seeing each message on bad input', async ({
  page,
}, testInfo) => {
  await signIn(page, 'carrier@demo.test');
  await page.getByTestId('create-release-menu').click();
  await page.getByTestId('create-single').click();
  const dialog = page.getByTestId('create-release-dialog');
  await expect(dialog.getByTestId('create-isoTypeCode')).toHaveValue('20DV');

  // Releases spec §5, checked before anything is sent.
  await fill(page, { validFrom: '', validUntil: '' });
  await dialog.getByTestId('create-submit').click();
  for (const [field, message] of [
    ['blNumber', 'Please provide a BL number'],
    ['containerNumber', 'Please provide a container number'],
    ['pickupLocation', 'Please provide a pickup location'],
    ['validFrom', 'Please provide a Valid from date'],
    ['validUntil', 'Please provide a Valid until date'],
  ] as const) {
    await expect(messageOf(page, field)).toHaveText(message);
  }
  await page.screenshot({ path: testInfo.outputPath('create-dialog-required.png') });

  const bl = uniqueBl('CRT');
  const container = uniqueContainer();
  await fill(page, {
    blNumber: bl,
    containerNumber: container,
    vessel: 'Scheldt Star',
    isoTypeCode: '20"DV',
    pickupLocation: 'NOPE',
    validFrom: '31/02/2031',
    validUntil: '10/03/2031',
  });
  await expect(messageOf(page, 'isoTypeCode')).toHaveText('Container type may not contain quotes');
  await expect(messageOf(page, 'pickupLocation')).toHaveText('Invalid terminal code');
  await expect(messageOf(page, 'validFrom')).toHaveText('Please provide a date as DD/MM/YYYY');
  await fill(page, { isoTypeCode: '40HC', validFrom: '20/03/2031', validUntil: '10/03/2031' });
  await expect(messageOf(page, 'validUntil')).toHaveText(
    'Valid until date is before Valid from date',
  );
  await fill(page, { validFrom: '01/01/2020', validUntil: '02/01/2020' });
  await expect(messageOf(page, 'validUntil')).toHaveText('Valid until date is in the past');
  await page.screenshot({ path: testInfo.outputPath('create-dialog-errors.png') });

  // Picked from the terminals lookup.
  await pickTerminal(page, dialog.getByTestId('create-pickupLocation'), '174', /1742/, '1742');
  await fill(page, { validFrom: '01/03/2031', validUntil: '30/04/2031', pincode: '4711' });
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/releases') && response.request().method() === 'POST',
  );
  await dialog.getByTestId('create-submit').click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(snackbar(page, `Release created for container ${container}.`)).toBeVisible();

  // The new BL heads the overview (newest first).
  const row = page.getByTestId(`bl-row-${bl}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Scheldt Star');
  await expect(row.getByTestId('bl-container-count')).toHaveText('1 container');

  // The same container again on the same BL: the server's message shows under the field.
  await page.getByTestId('create-release-menu').click();
  await page.getByTestId('create-single').click();
  await fill(page, { blNumber: bl, containerNumber: container, pickupLocation: '1742' });
  await dialog.getByTestId('create-submit').click();
  await expect(messageOf(page, 'containerNumber')).toHaveText('This already exists.');
});

test('the carrier uploads a multi-release file and reads the report', async ({
  page,
}, testInfo) => {
  await signIn(page, 'carrier@demo.test');
  const bl = uniqueBl('UPL');
  const good = [uniqueContainer(), uniqueContainer()];
  const bad = uniqueContainer();
  const file = releasesWorkbook([
    { bl, container: good[0]!, pickup: '1742' },
    { bl, container: good[1]!, pickup: '869', validFrom: '01/03/2031', validUntil: '30/04/2031' },
    { bl, container: bad, pickup: 'NOPE' },
  ]);
  const name = `releases-${bl}.xlsx`;
  const { dialog, report } = await uploadReleases(page, name, file);
  await expect(report.getByTestId('upload-counts')).toHaveText(
    '2 releases created. 1 row was refused. 1 row was read with a warning: check it below.',
  );
  await expect(report.getByTestId('upload-stored-name')).toHaveText(`File ${name} was read.`);
  const errors = report.getByTestId('upload-errors');
  await expect(errors).toContainText(bad);
  await expect(errors).toContainText('Pick-up location: Invalid terminal code');
  // Releases spec §5: a typed date that reads another way month first says how it was read.
  await expect(report.getByTestId('upload-warnings')).toContainText(
    'Valid from: “01/03/2031” was read as day 1, month 3, 2031: dates are read as DD/MM/YYYY.',
  );
  await page.screenshot({ path: testInfo.outputPath('upload-report.png') });
  await dialog.getByTestId('upload-close').click();
  await expect(page.getByTestId(`bl-row-${bl}`).getByTestId('bl-container-count')).toHaveText(
    '2 containers',
  );

  // The same file name again: kept under a numbered name; its rows are duplicates now.
  const again = await uploadReleases(page, name, file);
  await expect(again.report.getByTestId('upload-stored-name')).toHaveText(
    `File ${name} was read and kept as releases-${bl} (1).xlsx.`,
  );
  await expect(again.report.getByTestId('upload-counts')).toHaveText(
    '0 releases created. 3 rows were refused. 1 row was read with a warning: check it below.',
  );
  await again.dialog.getByTestId('upload-close').click();
});

test('the carrier edits one and several releases, deletes one, and expands a BL', async ({
  page,
  request,
}, testInfo) => {
  // Three releases of the carrier's, published through the API (the upload has its journey above).
  const bl = uniqueBl('EDT');
  const [first, second, third] = [uniqueContainer(), uniqueContainer(), uniqueContainer()];
  await publishReleases(
    await signInThroughApi(request, 'carrier@demo.test'),
    [first!, second!, third!].map((container, i) => ({
      bl,
      container,
      pickupLocation: '1742',
      pincode: String(930_000 + i),
      vessel: 'Scheldt Star',
      turnInReference: 'REF-1',
    })),
  );
  await signIn(page, 'carrier@demo.test');

  // Tab 1: the BL expands to its containers.
  await search(page, bl);
  await expect(page.getByTestId('results-banner')).toContainText(`Showing results for “${bl}”`);
  const blRow = page.getByTestId(`bl-row-${bl}`);
  await blRow.getByRole('button', { name: 'Expand' }).click();
  const containers = page.getByTestId(`bl-containers-${bl}`);
  await expect(containers.getByTestId('bl-container-row')).toHaveCount(3);
  await expect(containers).toContainText(first!);
  await expect(containers.getByTestId('bl-container-row').last()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('overview-bl-expanded.png') });

  // Its split button: edit is for the flat view; delete is offered.
  await page.getByTestId(`bl-actions-${bl}-arrow`).click();
  await expect(page.getByTestId('release-action-edit')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('release-action-delete')).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Escape');

  // Tab 2: edit one release (BL and container locked, confirmation).
  await page.getByTestId('tab-container').click();
  const firstRow = page.getByTestId(`container-row-${first}`);
  await expect(firstRow).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('overview-container.png') });
  // Transfer is first on the button (spec §2 order); edit is in the menu.
  await page.getByTestId(`container-actions-${first}-arrow`).click();
  await page.getByTestId('release-action-edit').click();
  const edit = page.getByTestId('edit-release-dialog');
  await expect(edit.getByTestId('edit-containerNumber')).toBeDisabled();
  await expect(edit.getByTestId('edit-vessel')).toHaveValue('Scheldt Star');
  await edit.getByTestId('edit-vessel').fill('Scheldt Moon');
  await edit.getByTestId('edit-turnInReference').fill('REF-EDIT');
  await page.screenshot({ path: testInfo.outputPath('edit-dialog.png') });
  await edit.getByTestId('edit-submit').click();
  await page.getByTestId('release-confirm').click();
  await expect(edit).toBeHidden();
  // Turn-in columns are one click away (issue 15: the compact default column set).
  await showColumn(page, 'Turn-in reference (truck)');
  await expect(firstRow).toContainText('REF-EDIT');

  // Edit several: only the filled field changes.
  for (const container of [second, third]) {
    await page.getByTestId(`container-row-${container}`).getByRole('checkbox').check();
  }
  await page.getByTestId('selection-actions-arrow').click();
  await page.getByTestId('release-action-edit').click();
  const many = page.getByTestId('multi-edit-dialog');
  await expect(many).toContainText('Edit 2 releases');
  await expect(many.getByTestId('edit-submit')).toBeDisabled();
  await many.getByTestId('edit-turnInReferenceRail').fill('RAIL-42');
  await many.getByTestId('edit-submit').click();
  await expect(page.getByTestId('release-confirm-dialog')).toContainText(
    'The releases of 2 containers will be changed.',
  );
  await page.getByTestId('release-confirm').click();
  await expect(many).toBeHidden();
  // Releases spec §7 "Handling of answers": the per-release report, then closed.
  const report = page.getByTestId('edit-report');
  await expect(report.getByTestId('custody-report-succeeded')).toContainText('2 releases changed');
  await report.getByTestId('edit-report-close').click();
  await expect(report).toBeHidden();
  await showColumn(page, 'Turn-in reference (rail)');
  for (const container of [second, third]) {
    const row = page.getByTestId(`container-row-${container}`);
    await expect(row).toContainText('RAIL-42');
    await expect(row).toContainText('REF-1');
  }

  // Delete one, after confirmation.
  await page.getByTestId(`container-actions-${third}-arrow`).click();
  await page.getByTestId('release-action-delete').click();
  const confirm = page.getByTestId('release-confirm-dialog');
  await expect(confirm).toContainText(third!);
  await confirm.getByTestId('release-confirm').click();
  await expect(page.getByTestId(`container-row-${third}`)).toHaveCount(0);
  await expect(page.getByTestId(`container-row-${second}`)).toBeVisible();

  // The BL dialog lists what is left, with the BL's terms (none here).
  await page.getByTestId(`container-row-${first}`).getByRole('button', { name: bl }).click();
  const blDialog = page.getByTestId('bl-dialog');
  await expect(blDialog.getByTestId('bl-container-row')).toHaveCount(2);
  await expect(blDialog).toContainText('This bill of lading has no terms.');
  await expect(blDialog.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: testInfo.outputPath('bl-dialog.png') });
});

test('a hidden column stays hidden after a reload', async ({ page }) => {
  await signIn(page, 'carrier@demo.test');
  const table = page.getByTestId('bl-table');
  await expect(table.getByRole('columnheader', { name: /^Agent/ })).toBeVisible();
  await table.getByRole('button', { name: 'Show/Hide columns' }).click();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/preferences') && response.request().method() === 'POST',
  );
  await page.getByRole('menu').getByText('Agent', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: /^Agent/ })).toHaveCount(0);
  expect((await saved).status()).toBeLessThan(300);

  await page.reload();
  await expect(
    page.getByTestId('bl-table').getByRole('columnheader', { name: /^Vessel/ }),
  ).toBeVisible();
  await expect(
    page.getByTestId('bl-table').getByRole('columnheader', { name: /^Agent/ }),
  ).toHaveCount(0);

  // Shown again, for the journeys after this one.
  await page.getByTestId('bl-table').getByRole('button', { name: 'Show/Hide columns' }).click();
  const restored = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/preferences') && response.request().method() === 'POST',
  );
  await page.getByRole('menu').getByText('Agent', { exact: true }).click();
  await restored;
});

test('a carrier’s other browser shows a change without a reload (silent refresh)', async ({
  browser,
  request,
}) => {
  const watcher = await signedInPage(browser, 'carrier@demo.test');
  const bl = uniqueBl('LIV');
  const container = uniqueContainer();
  // The carrier's other session publishes a release (through the API, as its systems would).
  await publishReleases(await signInThroughApi(request, 'carrier@demo.test'), [
    { bl, container, pickupLocation: '1742', pincode: '715530', vessel: 'Scheldt Star' },
  ]);

  // The watcher learns of the new release by the socket, without a prompt (spec §4: carriers).
  await expect(watcher.getByTestId(`bl-row-${bl}`)).toBeVisible({ timeout: 15_000 });
  await expect(watcher.getByTestId('live-prompt')).toHaveCount(0);
  await watcher.context().close();
});

test('a forwarder in the chain is prompted to refresh when the carrier changes a release', async ({
  browser,
  request,
}) => {
  // A release of the carrier's, passed to forwarder@'s organisation (through the API; the edit
  // dialog has its journey above, custody.spec the transfer).
  const bl = uniqueBl('PRM');
  const container = uniqueContainer();
  const changed = `RTN-${uniqueBl('')}`;
  const carrier = await signInThroughApi(request, 'carrier@demo.test');
  const [address] = await publishReleases(carrier, [
    { bl, container, pickupLocation: '1742', pincode: '604218' },
  ]);
  await transferThroughApi(carrier, [address!], forwarderName);
  const forwarder = await signedInPage(browser, 'forwarder@demo.test');
  await forwarder.getByTestId('tab-container').click();
  await search(forwarder, container);
  await showColumn(forwarder, 'Turn-in reference (truck)');
  const row = forwarder.getByTestId(`container-row-${container}`);
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(changed);

  // Spec §4 "Live notifications": the forwarder, in the chain, is prompted rather than refreshed.
  await editThroughApi(carrier, address!, { turnInReference: changed });
  const prompt = forwarder.getByTestId('live-prompt');
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(row).not.toContainText(changed);
  await prompt.getByTestId('live-refresh').click();
  await expect(row).toContainText(changed);
  await expect(prompt).toHaveCount(0);
  await forwarder.context().close();
});
