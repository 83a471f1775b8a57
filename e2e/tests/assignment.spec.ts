import { expect, test } from '../support/test.ts';
import { chooseBlAction } from '../support/custody.ts';
import { publishedToHaulier } from '../support/chain-setup.ts';
import {
  search,
  showColumn,
  signedInPage,
  uniqueBl,
  uniqueContainer,
} from '../support/releases.ts';

/*
 * Releases spec §2 (the assign dialog and its report), §4 "Effects" (assign sets assigned), §5
 * "Assign identification" (terminal 1742 identifies drivers by alfaPass; the haulier is connected
 * to its terminal system and has a linked port-community account), §3 (the assignee columns);
 * DESIGN §3 (the signed two calls through the ID wallet). The journey makes a release of its own
 * at the demo's Secure Pick-up terminal 1742 and passes it carrier → forwarder → haulier through
 * the API (custody.spec walks the create and transfer dialogs); the haulier assigns it to its
 * demo driver Jef Van Damme (alfaPass 417305) in the browser.
 */

// The demo world's organisations and driver (packages/server/src/demo/).
const driverName = 'Jef Van Damme';
const securePickupTerminal = '1742';

test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

test('the haulier assigns a container to a driver and sees it assigned', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const bl = uniqueBl('ASG');
  const container = uniqueContainer();

  await publishedToHaulier(request, [
    { bl, container, pincode: '402913', pickupLocation: securePickupTerminal },
  ]);

  const haulier = await signedInPage(browser, 'haulier@demo.test');
  await search(haulier, bl);
  await chooseBlAction(haulier, bl, 'assign');
  const dialog = haulier.getByTestId('assignment-dialog');
  await expect(dialog.getByTestId('assignment-tab-driver')).toBeVisible();
  await expect(dialog.getByTestId('assignment-tab-barge')).toBeVisible();
  await expect(dialog.getByTestId('assignment-tab-train')).toBeVisible();
  // Releases spec §5: Assign stays disabled until a driver with an identification is chosen.
  await expect(dialog.getByTestId('assignment-confirm')).toBeDisabled();
  await dialog.getByTestId('assignment-search').fill('Van Damme');
  await dialog.getByText(driverName).click();
  await expect(dialog.getByTestId('assignment-identification')).toContainText('417305');
  await dialog.getByTestId('assignment-visit-number').fill('VISIT-7');
  await dialog.getByTestId('assignment-confirm').click();

  const report = haulier.getByTestId('assignment-report');
  await expect(report.getByTestId('assignment-report-succeeded')).toContainText(
    '1 container assigned',
    { timeout: 20_000 },
  );
  await expect(report).toContainText(container);
  await report.getByTestId('assignment-report-close').click();

  // The overview shows it assigned, with the driver and the visit number.
  await haulier.getByTestId('tab-container').click();
  await search(haulier, container);
  const row = haulier.getByTestId(`container-row-${container}`);
  await expect(row).toContainText('Assigned');
  await expect(row).toContainText(driverName);
  // The visit number is one click away (issue 15: the compact default column set).
  await showColumn(haulier, 'Visit number');
  await expect(row).toContainText('VISIT-7');
  await haulier.screenshot({ path: testInfo.outputPath('assigned.png') });

  // Un-assign reverses it (§4 "Effects"), leaving the chain as the journey found it.
  await row.getByTestId(`container-actions-${container}-arrow`).click();
  await haulier.getByTestId('release-action-unassign').click();
  await haulier.getByTestId('unassign-dialog').getByTestId('unassign-confirm').click();
  await expect(haulier.getByTestId('assignment-report-succeeded')).toContainText(
    '1 container un-assigned',
    { timeout: 20_000 },
  );
  await haulier.getByTestId('assignment-report-close').click();
  await expect(row).toContainText('Owned by you');
  await expect(row).not.toContainText(driverName);
  await haulier.context().close();
});
