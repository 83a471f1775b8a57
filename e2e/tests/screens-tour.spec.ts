import type { Locator } from '@playwright/test';
import { expect, test, type Page } from '../support/test.ts';
import { search } from '../support/releases.ts';
import { keep, signedInAt } from '../support/screens.ts';

// The screens as the demo accounts first meet them, at 1440×900 and on a 390×844 phone: the
// overview (both tabs), drivers, the terminal's page, documents and the success report. Each
// screenshot is attached to the test; each page is checked, not only photographed.
const sizes = [
  { name: '1440', viewport: { width: 1440, height: 900 }, phone: false },
  { name: '390', viewport: { width: 390, height: 844 }, phone: true },
] as const;
type Size = (typeof sizes)[number];

/** The forwarder's demo BL (packages/server/src/demo/demo-releases.ts), at terminal 1742. */
const forwarderBl = 'SOLANR2611001';
/** The demo world's assign location of Antwerp's Secure Pick-up terminals (demo-assign-locations.ts). */
const antwerpPickupMethod = 'Secure pick-up (alfaPass)';

/** The page is no wider than the window: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page, size: Size, what: string) {
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
  expect(width, `${what} at ${size.name} px is no wider than the window`).toBeLessThanOrEqual(
    size.viewport.width,
  );
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The header cell of `table` that says `text`. */
const headerOf = (table: Locator, text: string) => table.locator('thead th', { hasText: text });

for (const size of sizes) {
  test(`${size.name} px: the forwarder's overview, grouped by BL and per container, with its pickup method and a pager that says it is loading`, async ({
    browser,
  }, testInfo) => {
    const page = await signedInAt(browser, 'forwarder@demo.test', size.viewport);
    await expect(heading(page, 'Releases')).toBeVisible();

    // The first page held back a moment: the pager says so, not "0-0 of 0" (releases spec §2).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/bills-of-lading?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const pager = size.phone
      ? page.getByTestId('bl-cards').locator('.MuiTablePagination-root')
      : page.getByTestId('overview-pager-loading');
    await expect(pager).toContainText('Loading…');
    await expect(page.getByTestId(size.phone ? 'bl-cards' : 'bl-table')).not.toContainText(
      /\b0[-–]0 of 0\b/,
    );
    await expect(page.getByTestId('overview-empty')).toHaveCount(0);
    // From now on every page goes through at once.
    release();

    // Grouped by BL: the demo BL at 1742 names Antwerp's Secure Pick-up (releases spec §2, §3).
    await search(page, forwarderBl);
    if (size.phone) {
      const card = page.getByTestId(`bl-card-${forwarderBl}`);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('pickup-method')).toHaveText(antwerpPickupMethod);
    } else {
      const table = page.getByTestId('bl-table');
      await expect(headerOf(table, 'Pick-up method')).toBeVisible();
      const row = page.getByTestId(`bl-row-${forwarderBl}`);
      await expect(row.getByTestId('pickup-method')).toHaveText(antwerpPickupMethod);
    }
    await expectNoSidewaysScroll(page, size, 'the overview grouped by BL');
    await keep(page, testInfo, `overview-bl-${size.name}`);

    // Per container: on a phone each card names it; at 1440 px the column is one click away
    // (domain defaultHiddenColumns: the default columns fit the window whole).
    await page.getByTestId('tab-container').click();
    await expect(page.getByTestId('releases-page')).toHaveAttribute('data-view', 'container');
    if (size.phone) {
      const methods = page.getByTestId('container-cards').getByTestId('pickup-method');
      await expect(methods.first()).toHaveText(antwerpPickupMethod);
      for (const method of await methods.all()) {
        await expect(method).toHaveText(antwerpPickupMethod);
      }
    } else {
      const table = page.getByTestId('container-table');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await expect(headerOf(table, 'Pick-up method')).toHaveCount(0);
      // Offered in "Show/Hide columns", left as it is (the user's choice is saved).
      await table.getByRole('button', { name: 'Show/Hide columns' }).click();
      await expect(
        page.getByRole('menu').getByText('Pick-up method', { exact: true }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
    }
    await expectNoSidewaysScroll(page, size, 'the overview per container');
    await keep(page, testInfo, `overview-container-${size.name}`);
    await page.context().close();
  });

  test(`${size.name} px: the haulier's drivers and its assignment success report`, async ({
    browser,
  }, testInfo) => {
    const page = await signedInAt(browser, 'haulier@demo.test', size.viewport);
    await page.goto('/drivers');
    await expect(heading(page, 'Drivers')).toBeVisible();
    // The demo haulier's drivers (demo-transporters.ts): alfaPass and itsme.
    const drivers = page.getByTestId('drivers-page');
    await expect(drivers).toContainText('Jef Van Damme');
    await expect(drivers).toContainText('Leen Claes');
    await expectNoSidewaysScroll(page, size, 'the drivers');
    await keep(page, testInfo, `drivers-${size.name}`);

    // Access spec "Assignment success report": with no gate check in the period, what one is.
    await page.goto('/assignment-report');
    await expect(heading(page, 'Assignment success report')).toBeVisible();
    const total = page.getByTestId('report-total');
    await expect(total).toBeVisible();
    if ((await total.innerText()).trim() === '0') {
      const empty = page.getByTestId('success-report-empty');
      await expect(empty).toContainText('A gate check is made when');
      await expect(empty).toContainText("The terminal's gate system reports every check");
    } else {
      await expect(page.getByTestId('success-report-overview')).toBeVisible();
    }
    await expectNoSidewaysScroll(page, size, 'the success report');
    await keep(page, testInfo, `success-report-${size.name}`);
    await page.context().close();
  });

  test(`${size.name} px: the terminal's secure pick-up containers, by terminal name`, async ({
    browser,
  }, testInfo) => {
    const page = await signedInAt(
      browser,
      'terminal@demo.test',
      size.viewport,
      'secure-pickup-page',
    );
    await expect(heading(page, 'Secure pick-up containers')).toBeVisible();
    await page.getByTestId('secure-pickup-search').fill('SOLANR2611005');
    const rows = page.getByTestId(size.phone ? 'secure-pickup-card' : 'secure-pickup-row');
    await expect(rows).toHaveCount(2);
    // The demo BL's containers at 1742 (Antwerp) and 1700 (Genk), each by its terminal's name.
    await expect(rows.filter({ hasText: 'MPET Deurganck Terminal' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Haven Genk Container Terminal' })).toHaveCount(1);
    if (!size.phone) {
      const table = page.getByTestId('secure-pickup-table');
      // Once assigned, the assignee and visit number the gate looks for (access spec §2).
      for (const column of ['Assigned to', 'Visit number']) {
        await expect(headerOf(table, column)).toBeVisible();
      }
    }
    await expectNoSidewaysScroll(page, size, "the terminal's page");
    await keep(page, testInfo, `terminal-${size.name}`);
    await page.context().close();
  });

  test(`${size.name} px: the forwarder's documents`, async ({ browser }, testInfo) => {
    const page = await signedInAt(browser, 'forwarder@demo.test', size.viewport);
    await page.goto('/documents');
    await expect(heading(page, 'Documents')).toBeVisible();
    // The demo forwarder's draft and the document shared with it (demo-documents.ts), and more.
    const documents = page.getByTestId(size.phone ? 'document-card' : 'document-row');
    await expect(documents.first()).toBeVisible();
    expect(await documents.count()).toBeGreaterThanOrEqual(2);
    await expectNoSidewaysScroll(page, size, 'the documents');
    await keep(page, testInfo, `documents-${size.name}`);
    await page.context().close();
  });
}
