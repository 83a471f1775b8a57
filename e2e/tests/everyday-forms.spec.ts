import * as XLSX from '@e965/xlsx';
import { chooseBlAction } from '../support/custody.ts';
import { pickTerminal, signIn, uniqueBl, uniqueContainer } from '../support/releases.ts';
import { expect, test, type Page } from '../support/test.ts';

/**
 * Issue 15, the forms, dialogs, validation, translations and dates: what a professional user
 * meets in a day's work, on a desktop (1440×900) and on a phone (390×844), with screenshots kept.
 */
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// The demo users have preferred languages; an explicit choice on this browser keeps English.
test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

/** A screenshot kept in the output folder and attached to the report. */
async function shot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** The message under a field of the create dialog. */
const messageOf = (page: Page, field: string) =>
  page
    .getByTestId('create-release-dialog')
    .locator('.MuiFormControl-root', { has: page.getByTestId(`create-${field}`) })
    .locator('.MuiFormHelperText-root');

async function openCreate(page: Page) {
  await page.getByTestId('create-release-menu').click();
  await page.getByTestId('create-single').click();
  await expect(page.getByTestId('create-release-dialog')).toBeVisible();
}

test('the carrier meets limits, the check digit, the terminal search, the discard question and the upload checks', async ({
  page,
}) => {
  await signIn(page, 'carrier@demo.test');
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await openCreate(page);
    const dialog = page.getByTestId('create-release-dialog');

    // Limits and ISO 6346, named in the messages.
    await dialog.getByTestId('create-blNumber').fill('B'.repeat(36));
    await dialog.getByTestId('create-containerNumber').fill('MSCU1234567');
    await dialog.getByTestId('create-agent').fill('A'.repeat(101));
    await dialog.getByTestId('create-submit').click();
    await expect(messageOf(page, 'blNumber')).toHaveText(
      'A BL number has at most 35 characters (this one has 36)',
    );
    await expect(messageOf(page, 'containerNumber')).toHaveText(
      'Wrong check digit: for MSCU123456 it is 6 (MSCU1234566)',
    );
    await expect(messageOf(page, 'agent')).toHaveText('At most 100 characters (this one has 101)');
    await dialog.getByTestId('create-containerNumber').fill('MSCU12345660');
    await expect(messageOf(page, 'containerNumber')).toHaveText(
      'A container number has 11 characters, like CSQU3054383 (this one has 12)',
    );
    await shot(page, `${viewport.name}-create-limits`);

    // The terminal picker finds by name, code or port, and says when nothing matches.
    const terminal = dialog.getByTestId('create-pickupLocation');
    for (const [typed, found] of [
      ['PSA', 'PSA Europa Terminal'],
      ['europa', 'PSA Europa Terminal'],
      ['Ant', 'MPET Deurganck Terminal'],
    ] as const) {
      await terminal.fill(typed);
      await expect(page.getByRole('option', { name: new RegExp(found) }).first()).toBeVisible();
    }
    await terminal.fill('Nowhere');
    await expect(
      page.getByText('No terminal matches “Nowhere” by name, code or port'),
    ).toBeVisible();
    await shot(page, `${viewport.name}-terminal-no-match`);
    await pickTerminal(page, terminal, 'europa', /PSA Europa Terminal/, '869');
    await expect(messageOf(page, 'pickupLocation')).toHaveText('PSA Europa Terminal (Antwerp)');

    // A filled form asks before it is discarded: Escape, then keep; Cancel, then discard.
    await page.keyboard.press('Escape');
    const discard = page.getByTestId('discard-confirm-dialog');
    await expect(discard).toBeVisible();
    await shot(page, `${viewport.name}-discard-question`);
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('create-containerNumber')).toHaveValue('MSCU12345660');
    await dialog.getByTestId('create-cancel').click();
    await discard.getByTestId('discard-confirm').click();
    await expect(dialog).toBeHidden();

    // The upload dialog: a template to download, a wrong header said once, before sending.
    await page.getByTestId('create-release-menu').click();
    await page.getByTestId('create-upload').click();
    const upload = page.getByTestId('upload-dialog');
    const download = page.waitForEvent('download');
    await upload.getByTestId('upload-template').click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('releases-template.xlsx');
    const book = XLSX.read(await streamBytes(await template.createReadStream()));
    const [header, example] = XLSX.utils.sheet_to_json<string[]>(
      book.Sheets[book.SheetNames[0]!]!,
      { header: 1 },
    );
    expect(header?.slice(0, 2)).toEqual(['BL', 'Port of loading']);
    expect(example?.[7]).toBe('CSQU3054383');

    const swapped = [...header!];
    [swapped[0], swapped[7]] = [header![7]!, header![0]!];
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/release-uploads')) sent.push(request.url());
    });
    await upload.getByTestId('upload-file').setInputFiles({
      name: 'swapped.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook([swapped, example!, example!]),
    });
    const problem = upload.getByTestId('upload-header-problem');
    await expect(problem).toContainText('The header row does not match the template');
    await expect(problem.locator('li')).toHaveCount(2);
    await expect(problem).toContainText('Column A is “Container number” where the template has BL');
    await expect(upload.getByTestId('upload-submit')).toBeDisabled();
    await shot(page, `${viewport.name}-upload-header`);

    // Over 5,000 rows: said before anything is sent.
    const many = Array.from({ length: 5001 }, () => example!);
    await upload.getByTestId('upload-file').setInputFiles({
      name: 'many.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header!, ...many].map((cells) => cells.join(',')).join('\n')),
    });
    await expect(upload.getByTestId('upload-sheet-problem')).toContainText(
      'The file has 5,001 rows below its header; at most 5000 go in one upload',
    );
    await expect(upload.getByTestId('upload-submit')).toBeDisabled();
    expect(sent).toEqual([]);

    // A good file on a slow line: cancelled while it travels, nothing is created.
    const bl = uniqueBl('K');
    await upload.getByTestId('upload-file').setInputFiles({
      name: 'slow.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook([
        header!,
        [bl, ...example!.slice(1, 7), uniqueContainer(), ...example!.slice(8)],
      ]),
    });
    await expect(upload.getByTestId('upload-rows')).toBeVisible();
    const line = await page.context().newCDPSession(page);
    await line.send('Network.enable');
    await line.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024,
    });
    await upload.getByTestId('upload-submit').click();
    await expect(upload.getByTestId('upload-progress')).toHaveAttribute('data-phase', 'uploading');
    await upload.getByTestId('upload-cancel').click();
    await expect(upload.getByTestId('upload-cancelled')).toBeVisible();
    await expect(upload.getByTestId('upload-submit')).toBeEnabled();
    await shot(page, `${viewport.name}-upload-cancelled`);
    await line.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await line.detach();
    await upload.getByTestId('upload-close').click();
    await page.getByTestId('discard-confirm').click();
    await expect(upload).toBeHidden();
    const search = page.getByRole('searchbox', { name: 'Search releases' });
    await search.fill(bl);
    await expect(page.getByTestId('overview-empty-title')).toHaveText(
      'No releases match your search',
    );
    await search.fill('');
  }

  // In French, MUI's own words (the picker's buttons, the paging) are French too.
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-fr').click();
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await expect(page.getByText(/^1-\d+ de \d+$/).first()).toBeVisible();
    await openCreate(page);
    const dialog = page.getByTestId('create-release-dialog');
    await expect(dialog.getByRole('button', { name: 'Ouvrir la liste' })).toBeVisible();
    await pickTerminal(
      page,
      dialog.getByTestId('create-pickupLocation'),
      'PSA',
      /PSA Europa Terminal/,
      '869',
    );
    await dialog.getByTestId('create-pickupLocation').hover();
    await expect(dialog.getByRole('button', { name: 'Effacer' })).toBeVisible();
    await shot(page, `${viewport.name}-french-picker`);
    await dialog.getByRole('button', { name: 'Effacer' }).click();
    await expect(dialog.getByTestId('create-pickupLocation')).toHaveValue('');
    await dialog.getByTestId('create-cancel').click();
    await expect(dialog).toBeHidden();
  }
});

test('the forwarder sees the containers of an action, terminal names and a readable audit trail', async ({
  page,
}) => {
  await signIn(page, 'forwarder@demo.test');
  const bl = 'SOLANR2611001';
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.getByTestId('tab-bl').click();

    // Every action dialog lists its containers.
    await chooseBlAction(page, bl, 'transfer');
    const transfer = page.getByTestId('custody-dialog');
    const listed = transfer.getByTestId('selected-container');
    await expect(listed.first()).toBeVisible();
    expect(await listed.count()).toBeGreaterThan(0);
    await expect(transfer.getByTestId('selected-containers')).toContainText(bl);
    await shot(page, `${viewport.name}-transfer-containers`);
    await page.keyboard.press('Escape');
    await expect(transfer).toBeHidden();

    // The audit trail: verified first, the creator by name, dates as DD/MM/YYYY, short rows.
    await chooseBlAction(page, bl, 'auditTrail');
    const trail = page.getByTestId('audit-trail-dialog');
    const table = trail.getByTestId('audit-trail-table');
    await expect(table.locator('thead th').first()).toHaveText('Verified');
    await expect(trail.getByTestId('audit-trail-verified').first()).toBeInViewport();
    const creator = trail.getByTestId('audit-trail-named-address').first();
    await expect(creator).toBeVisible();
    await expect(creator).not.toContainText('0x');
    await expect(table.locator('tbody')).not.toContainText(/\b\d{4}-\d{2}-\d{2}\b/);
    for (const row of await trail.getByTestId('audit-trail-row').all()) {
      expect((await row.boundingBox())?.height ?? 0).toBeLessThan(200);
    }
    await shot(page, `${viewport.name}-audit-trail`);
    await trail.getByTestId('audit-trail-close').click();

    // The per-container table names terminals, the code in a tooltip.
    await page.getByTestId('tab-container').click();
    const name = page.getByTestId('terminal-name').first();
    await expect(name).toBeVisible();
    await expect(name).not.toHaveText(/^\d+$/);
    await shot(page, `${viewport.name}-terminal-names`);
  }
});

test('support, an expired user and a two-factor user each see the next step (the invited user: sign-in.spec.ts)', async ({
  browser,
}) => {
  for (const viewport of viewports) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
    const page = await context.newPage();

    // Support: no "No releases match." but the way to the administration.
    await signIn(page, 'support@demo.test');
    const empty = page.getByTestId('overview-empty');
    await expect(empty.getByTestId('overview-empty-title')).toHaveText(
      'Support holds no releases of its own',
    );
    await expect(empty.getByTestId('overview-empty-admin')).toBeVisible();
    await shot(page, `${viewport.name}-support-empty`);
    await page.goto('/logout');
    await expect(page.getByTestId('logged-out-page')).toBeVisible();

    // An expired user's order page has a way back.
    await signIn(page, 'expired@demo.test', 'subscription-expired-page');
    await page.getByTestId('subscription-order').click();
    await expect(page.getByTestId('order-page')).toBeVisible();
    await expect(page.getByTestId('order-logout')).toBeVisible();
    await shot(page, `${viewport.name}-order-way-back`);
    await page.getByTestId('order-back').click();
    await expect(page.getByTestId('subscription-expired-page')).toBeVisible();
    await page.goto('/logout');
    await expect(page.getByTestId('logged-out-page')).toBeVisible();

    // Two-factor: no user menu yet; a wrong code is said under the field.
    await signIn(page, 'twofactor@demo.test', 'two-factor-page');
    await expect(page.getByTestId('profile-menu-button')).toHaveCount(0);
    const code = page.getByTestId('two-factor-code');
    await code.fill('000000');
    await page.getByTestId('two-factor-submit').click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('two-factor-page')).toContainText('This code is not valid.');
    await shot(page, `${viewport.name}-two-factor-wrong-code`);
    await page.getByTestId('two-factor-logout').click();
    await context.close();
  }
});

function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Releases');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
