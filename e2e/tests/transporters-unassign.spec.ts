import { expect, test, type Page } from '../support/test.ts';
import { chooseBlAction } from '../support/custody.ts';
import { search, signedInPage, snackbar, uniqueBl, uniqueContainer } from '../support/releases.ts';
import {
  addDriverThroughApi,
  assignThroughApi,
  publishedToHaulier,
  signInThroughApi,
} from '../support/chain-setup.ts';
import { openFromNavigation } from '../support/navigation.ts';

/*
 * Access spec §4 "Drivers, barges, trains" (deactivating a transporter unassigns the releases
 * assigned to it, after a warning and confirmation, as a signed unassign through the ID wallet)
 * and releases spec §4 "Effects" and "Live notifications" (the chain sees the unassign live);
 * issue 11's acceptance: "each party in their chains sees it live". The journey makes a driver
 * and two releases of its own at the demo's Secure Pick-up terminal 1742 (drivers identified by
 * alfaPass), passes them carrier → forwarder → haulier, assigns them to that driver, all through
 * the API (custody.spec, transporters.spec and assignment.spec walk those dialogs), and then
 * deactivates the driver on /drivers in the browser.
 */

// The demo world's organisations (packages/server/src/demo/).
const securePickupTerminal = '1742';

test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

/** The overview's container rows of `bl`, on the Container tab. */
async function containerRowsOf(page: Page, bl: string, containers: string[]) {
  await page.getByTestId('tab-container').click();
  await search(page, bl);
  const rows = containers.map((container) => page.getByTestId(`container-row-${container}`));
  for (const row of rows) await expect(row).toBeVisible();
  return rows;
}

/** The operation cells of the audit trail's rows of one container, in order. */
async function operationsOf(page: Page, container: string): Promise<string[]> {
  return page
    .getByTestId('audit-trail-row')
    .filter({ has: page.getByRole('cell', { name: container, exact: true }) })
    .locator('td:nth-child(3)')
    .allInnerTexts();
}

test('deactivating a driver with assigned releases warns, unassigns exactly those after confirmation, and the chain sees it live', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const driverName = `Dirk Unassign ${stamp}`;
  // A 6-digit alfaPass of this run (not the demo's 417305 nor the other journeys' numbers).
  const alfaPass = String(200_000 + (Date.now() % 700_000));
  const bl = uniqueBl('UNA');
  const containers = [uniqueContainer(), uniqueContainer()];

  // carrier → forwarder@ → haulier@: two releases on one BL, at the secure pick-up terminal; the
  // haulier adds a driver of its own and assigns both releases to it.
  const addresses = await publishedToHaulier(request, [
    { bl, container: containers[0]!, pincode: '730114', pickupLocation: securePickupTerminal },
    { bl, container: containers[1]!, pincode: '730115', pickupLocation: securePickupTerminal },
  ]);
  const haulierApi = await signInThroughApi(request, 'haulier@demo.test');
  await addDriverThroughApi(haulierApi, {
    firstName: 'Dirk',
    lastName: `Unassign ${stamp}`,
    alfaPass,
  });
  await assignThroughApi(haulierApi, addresses, { alfaPass }, `V-${stamp}`);

  // The haulier's overview shows both assigned to the driver, who is on /drivers.
  const haulier = await signedInPage(browser, 'haulier@demo.test');
  for (const row of await containerRowsOf(haulier, bl, containers)) {
    await expect(row).toContainText('Assigned');
    await expect(row).toContainText(driverName);
  }
  const driverRow = haulier.getByTestId('transporter-row').filter({ hasText: driverName });

  // A second browser, the forwarder's: its overview shows the haulier's assignee.
  const forwarder = await signedInPage(browser, 'forwarder@demo.test');
  const forwarderRows = await containerRowsOf(forwarder, bl, containers);
  for (const row of forwarderRows) await expect(row).toContainText(driverName);
  // A mark that a reload would wipe: the forwarder's page is never reloaded below.
  await forwarder.evaluate(() => {
    (globalThis as unknown as { journeyMark?: string }).journeyMark = 'not reloaded';
  });
  const livePrompt = forwarder.getByTestId('live-prompt');
  await expect(livePrompt).toHaveCount(0);

  // Deactivating the driver: the server answers 409 and the warning lists exactly the two.
  await openFromNavigation(haulier, 'nav-drivers');
  await expect(haulier.getByTestId('drivers-page')).toBeVisible();
  await expect(driverRow).toContainText(alfaPass);
  await driverRow.getByTestId('transporter-deactivate').click();
  const deactivateDialog = haulier.getByTestId('transporter-deactivate-confirm-dialog');
  await deactivateDialog.getByTestId('transporter-deactivate-confirm').click();
  const warning = haulier.getByTestId('transporter-unassign-dialog');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Releases are assigned');
  await expect(warning).toContainText('This change unassigns 2 releases.');
  const listed = warning.getByTestId('transporter-unassign-releases').locator('tbody tr');
  await expect(listed).toHaveCount(2);
  for (const container of containers) {
    await expect(listed.filter({ hasText: container })).toHaveCount(1);
    await expect(listed.filter({ hasText: container })).toContainText(bl);
  }
  await haulier.screenshot({ path: testInfo.outputPath('unassign-warning.png') });

  // Cancelling changes nothing: back at "Deactivate driver?", cancelled too, the driver stays
  // active and assigned.
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  await expect(deactivateDialog).toContainText('Deactivate driver?');
  await deactivateDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(deactivateDialog).toBeHidden();
  await expect(driverRow).toBeVisible();
  await expect(driverRow.getByTestId('transporter-deactivate')).toBeVisible();
  await expect(livePrompt).toHaveCount(0);
  for (const row of forwarderRows) await expect(row).toContainText(driverName);

  // Confirming: the wallet signs the unassign, the PATCH is sent again with it.
  await driverRow.getByTestId('transporter-deactivate').click();
  await deactivateDialog.getByTestId('transporter-deactivate-confirm').click();
  await expect(warning).toBeVisible();
  await expect(listed).toHaveCount(2);
  await warning.getByTestId('transporter-unassign').click();
  await expect(snackbar(haulier, 'Saved; 2 releases unassigned')).toBeVisible({
    timeout: 20_000,
  });
  await expect(warning).toBeHidden();
  await expect(deactivateDialog).toBeHidden();
  await expect(driverRow).toHaveCount(0);
  await haulier.getByTestId('transporters-inactive').click();
  await expect(driverRow).toBeVisible();
  await expect(driverRow).toContainText(alfaPass);
  await haulier.screenshot({ path: testInfo.outputPath('driver-inactive.png') });

  // The haulier's overview: both containers no longer assigned.
  await openFromNavigation(haulier, 'nav-releases');
  await expect(haulier.getByTestId('releases-page')).toBeVisible();
  for (const row of await containerRowsOf(haulier, bl, containers)) {
    await expect(row).toContainText('Owned by you');
    await expect(row).not.toContainText('Assigned');
    await expect(row).not.toContainText(driverName);
  }

  // The forwarder learns of it live (the prompt, without a reload) and, refreshed, sees both
  // containers no longer assigned.
  await expect(livePrompt).toBeVisible({ timeout: 15_000 });
  await forwarder.screenshot({ path: testInfo.outputPath('forwarder-live-prompt.png') });
  await livePrompt.getByTestId('live-refresh').click();
  await expect(livePrompt).toHaveCount(0);
  for (const row of forwarderRows) {
    await expect(row).toBeVisible();
    await expect(row).not.toContainText(driverName);
  }
  expect(
    await forwarder.evaluate(() => (globalThis as unknown as { journeyMark?: string }).journeyMark),
  ).toBe('not reloaded');

  // The release's audit trail, as the forwarder sees it, tells of the assign and the unassign.
  await forwarder.getByTestId('tab-bl').click();
  await search(forwarder, bl);
  await chooseBlAction(forwarder, bl, 'auditTrail');
  const trail = forwarder.getByTestId('audit-trail-dialog');
  await expect(trail.getByTestId('audit-trail-row').first()).toBeVisible({ timeout: 20_000 });
  for (const container of containers) {
    expect(await operationsOf(forwarder, container)).toEqual([
      'Created',
      'Transferred',
      'Transferred',
      'Assigned',
      'Unassigned',
    ]);
  }
  await expect(
    trail
      .getByTestId('audit-trail-row')
      .filter({ has: forwarder.getByRole('cell', { name: 'Unassigned', exact: true }) })
      .filter({ hasText: `Unassigned from driver ${driverName}` }),
  ).toHaveCount(2);
  await forwarder.screenshot({ path: testInfo.outputPath('forwarder-audit-trail.png') });
  await trail.getByTestId('audit-trail-close').click();

  await forwarder.context().close();
  await haulier.context().close();
});
