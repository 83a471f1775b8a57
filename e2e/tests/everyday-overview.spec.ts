import { expect, test, type Page } from '../support/test.ts';
import { forwarder2Name, forwarderName } from '../support/demo.ts';
import { showColumn, uniqueBl, uniqueContainer } from '../support/releases.ts';
import { keep, signedInAt } from '../support/screens.ts';
import { pinTerminal, transferTo } from '../support/custody.ts';
import {
  blockThroughApi,
  publishReleases,
  signInThroughApi,
  transferThroughApi,
} from '../support/chain-setup.ts';

// Issue 15, the overview half: what a professional user meets at 1440×900 and on a 390×844 phone.
const carrierName = 'Scheldt Ocean Line NV';
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

/** The cell of `row` under the column headed `header` (MRT renders one `th` per column). */
async function cellUnder(page: Page, rowTestId: string, header: string) {
  const heading = page.getByTestId('container-table').locator('thead th', { hasText: header });
  const index = await heading
    .first()
    .evaluate((th) => (th as unknown as { cellIndex: number }).cellIndex);
  return page.getByTestId(rowTestId).locator('td').nth(index);
}

/** The element lies within the window's width as the page opens, without any scrolling. */
async function expectOnScreen(page: Page, element: ReturnType<Page['locator']>, what: string) {
  const box = await element.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends on screen`).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test('1440×900: a forwarder’s per-container tab, search in the URL, stable actions, live prompts that say what changed', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  // The carrier publishes a release with a long vessel name and passes it to forwarder@, through
  // the API (custody.spec walks the create and transfer dialogs).
  const bl = uniqueBl('EVD');
  const container = uniqueContainer();
  const vessel = `Scheldt Star of the Northern Range Express Service ${bl}`;
  const carrier = await signInThroughApi(request, 'carrier@demo.test');
  const addresses = await publishReleases(carrier, [
    { bl, container, vessel, pickupLocation: pinTerminal, pincode: '482916' },
  ]);
  await transferThroughApi(carrier, addresses, forwarderName);

  const forwarder = await signedInAt(browser, 'forwarder@demo.test', desktop);
  await expect(forwarder).toHaveTitle('Releases by BL · Secure Container Release');
  await forwarder.getByTestId('tab-container').click();
  await expect(forwarder).toHaveURL(/[?&]view=container/);
  await expect(forwarder).toHaveTitle('Releases per container · Secure Container Release');
  const row = `container-row-${container}`;
  await expect(forwarder.getByTestId(row)).toBeVisible();
  await expect(forwarder.getByTestId('container-row-SOLU4217762')).toBeVisible();
  await keep(forwarder, testInfo, 'per-container-1440');

  // The compact default columns: number, status, transfer status and actions without scrolling.
  for (const header of ['Container number', 'Release status', 'Transfer status']) {
    await expectOnScreen(forwarder, await cellUnder(forwarder, row, header), header);
  }
  const actions = forwarder.getByTestId(`container-actions-${container}-arrow`);
  await expectOnScreen(forwarder, actions, 'the actions button');
  // The pinned cells sit side by side, none under its neighbour, their text whole.
  const pinned = await Promise.all(
    ['Release status', 'Transfer status', 'Actions'].map(async (header) => {
      const cell = await cellUnder(forwarder, row, header);
      const box = (await cell.boundingBox())!;
      const cut = await cell.evaluate((td) => {
        const element = td as unknown as { scrollWidth: number; clientWidth: number };
        return element.scrollWidth > element.clientWidth;
      });
      return { header, box, cut };
    }),
  );
  for (const [left, right] of [
    [pinned[0]!, pinned[1]!],
    [pinned[1]!, pinned[2]!],
  ] as const) {
    expect(
      left.box.x + left.box.width,
      `${left.header} ends where ${right.header} starts`,
    ).toBeCloseTo(right.box.x, 0);
  }
  expect(pinned.filter((cell) => cell.cut).map((cell) => cell.header)).toEqual([]);

  // The long vessel name is cut with "…" and shows whole in a tooltip (the vessel, a BL's field,
  // is one click away on this tab).
  await showColumn(forwarder, 'Vessel');
  const cut = forwarder.getByTestId(row).getByTestId('cut-cell');
  await expect(cut).toHaveText(vessel);
  const cutBox = await cut.boundingBox();
  expect(cutBox!.width).toBeLessThanOrEqual(220);
  expect(await cut.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await cut.hover();
  // (The column chooser's own tooltip may still show, its button focused again.)
  await expect(forwarder.getByRole('tooltip').filter({ hasText: 'Scheldt Star' })).toHaveText(
    vessel,
  );
  await keep(forwarder, testInfo, 'long-cell-tooltip');

  // Typing filters without Enter; the search and the tab are in the URL and survive a reload.
  const box = forwarder.getByTestId('overview-search');
  await box.pressSequentially(container.slice(0, 8), { delay: 30 });
  await box.pressSequentially(container.slice(8));
  await expect(forwarder.getByTestId('container-row-SOLU4217762')).toHaveCount(0);
  await expect(forwarder.getByTestId(row)).toBeVisible();
  await expect(forwarder).toHaveURL(new RegExp(`[?&]q=${container}`));
  await forwarder.reload();
  await expect(forwarder.getByTestId('releases-page')).toHaveAttribute('data-view', 'container');
  await expect(forwarder.getByTestId('overview-search')).toHaveValue(container);
  await expect(forwarder.getByTestId(row)).toBeVisible();
  await expect(forwarder.getByTestId('container-row-SOLU4217762')).toHaveCount(0);
  await expect(forwarder).toHaveTitle('Releases per container · Secure Container Release');

  // The split button says "Actions" before and after its menu; a disabled item says why.
  await expect(actions).toHaveText('Actions');
  await actions.click();
  await expect(forwarder.getByTestId('release-action-revoke')).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(forwarder.getByTestId('release-action-revoke-reason')).toHaveText(
    'None of them was transferred, so there is nothing to revoke.',
  );
  await keep(forwarder, testInfo, 'actions-menu-reason');
  await forwarder.keyboard.press('Escape');
  await expect(actions).toHaveText('Actions');

  // One's own transfer: the row follows quietly, no "changed" prompt.
  await actions.click();
  await forwarder.getByTestId('release-action-transfer').click();
  await transferTo(forwarder, forwarder2Name);
  await forwarder.getByTestId('custody-close').click();
  await expect(actions).toHaveText('Actions');
  const transferStatus = await cellUnder(forwarder, row, 'Transfer status');
  await expect(transferStatus).toHaveText('Transferred');
  await forwarder.waitForTimeout(2000);
  await expect(forwarder.getByTestId('live-prompt')).toHaveCount(0);

  // Another organisation's change: the prompt says what, by whom and on which BL (the carrier
  // blocks through the API; custody.spec walks the block dialog).
  await blockThroughApi(carrier, addresses);
  const prompt = forwarder.getByTestId('live-prompt');
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(prompt.getByTestId('live-change')).toHaveText(
    `1 container blocked by ${carrierName} on BL ${bl}`,
  );
  await keep(forwarder, testInfo, 'live-prompt-what-changed');
  await prompt.getByTestId('live-refresh').click();
  await expect(prompt).toHaveCount(0);
  await expect(await cellUnder(forwarder, row, 'Release status')).toHaveText('Blocked');
  await forwarder.context().close();
});

test('390×844: the navigation menu leads to another page; releases are cards with their actions', async ({
  browser,
}, testInfo) => {
  const page = await signedInAt(browser, 'forwarder@demo.test', phone);
  await expect(page.getByTestId('bl-cards')).toBeVisible();
  await expect(page.getByTestId('bl-table')).toHaveCount(0);
  // No sideways scrolling on a phone.
  const pageWidth = await page
    .locator('html')
    .evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(phone.width);
  const card = page.getByTestId('bl-card-SOLANR2611001');
  await expect(card).toBeVisible();
  await expectOnScreen(page, card.getByTestId('bl-actions-SOLANR2611001-arrow'), 'BL actions');
  await keep(page, testInfo, 'phone-bl-cards');

  await page.getByTestId('navigation-menu-button').click();
  const drawer = page.getByTestId('navigation-drawer');
  await expect(drawer.getByTestId('nav-releases-menu')).toBeVisible();
  await keep(page, testInfo, 'phone-navigation-menu');
  const other = drawer.locator('a[data-testid$="-menu"]:not([data-testid="nav-releases-menu"])');
  const href = await other.first().getAttribute('href');
  expect(href).toMatch(/^\/[a-z-]+$/);
  await other.first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(drawer).toBeHidden();
  await keep(page, testInfo, 'phone-other-page');

  await page.getByTestId('navigation-menu-button').click();
  await page.getByTestId('nav-releases-menu').click();
  await expect(page).toHaveURL(/\/releases/);
  await page.getByTestId('tab-container').click();
  const containerCard = page.getByTestId('container-card-SOLU4217762');
  await expect(containerCard).toBeVisible();
  await expect(containerCard).toContainText('Owned by you');
  const actions = containerCard.getByTestId('container-actions-SOLU4217762-arrow');
  await expectOnScreen(page, actions, 'container actions');
  await actions.click();
  await expect(page.getByTestId('release-action-transfer')).toBeVisible();
  await expect(page.getByTestId('release-action-revoke-reason')).toBeVisible();
  await keep(page, testInfo, 'phone-container-card-actions');
  await page.keyboard.press('Escape');
  await page.context().close();
});
