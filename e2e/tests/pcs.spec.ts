import { expect, test } from '../support/test.ts';
import { search, signedInPage } from '../support/releases.ts';
import { chooseBlAction } from '../support/custody.ts';

// The demo world (packages/server/src/demo/demo-port-integrations.ts): the forwarder's BL at
// Antwerp's 1742 names C-Point as its EDI PCS, and the port's status system has lit two of its
// containers. The portal runs its stand-in PCS (no PCS_URL).
const bl = 'SOLANR2611001';
const containers = ['SOLU4217762', 'SOLU4217818', 'TCLU6830214'];

test('forwarder sends a BL to the PCS, reads the report, takes it back; a release shows its traffic light', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'forwarder@demo.test');
  await search(page, bl);
  await expect(page.getByTestId(`bl-row-${bl}`)).toBeVisible();

  // Transfer to PCS (issue 14 item 1): one signed statement, "sending to PCS", the report.
  await chooseBlAction(page, bl, 'transferToPcs');
  const dialog = page.getByTestId('pcs-dialog');
  await expect(dialog.getByTestId('pcs-count')).toContainText('3 selected containers');
  await dialog.getByTestId('pcs-confirm').click();
  const done = dialog.getByTestId('pcs-report-done');
  await expect(done).toContainText('3 releases sent to the PCS', { timeout: 30_000 });
  for (const container of containers) await expect(done).toContainText(container);
  await page.screenshot({ path: testInfo.outputPath('pcs-report.png') });
  await dialog.getByTestId('pcs-close').click();

  await page.getByTestId('tab-container').click();
  await search(page, bl);
  const row = page.getByTestId(`container-row-${containers[0]}`);
  await expect(row).toContainText('Sent to PCS');

  // The traffic light (issue 14 item 2): green for the container customs released.
  const light = row.getByTestId('traffic-light');
  await expect(light).toHaveAttribute('data-color', 'green');
  await light.hover();
  await expect(page.getByRole('tooltip')).toContainText('Customs: Released');
  await expect(
    page.getByTestId(`container-row-${containers[1]}`).getByTestId('traffic-light'),
  ).toHaveAttribute('data-color', 'yellow');

  // Revoke from PCS leaves the demo world as the journey found it.
  await page.getByTestId('tab-bl').click();
  await search(page, bl);
  await chooseBlAction(page, bl, 'revokeFromPcs');
  const revoke = page.getByTestId('pcs-dialog');
  await revoke.getByTestId('pcs-confirm').click();
  await expect(revoke.getByTestId('pcs-report-done')).toContainText(
    '3 releases revoked from the PCS',
    { timeout: 30_000 },
  );
  await revoke.getByTestId('pcs-close').click();
  await page.context().close();
});
