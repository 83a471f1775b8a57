import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../support/test.ts';
import { forwarder2Name, forwarderName } from '../support/demo.ts';
import { search, signIn, signedInPage, uniqueBl, uniqueContainer } from '../support/releases.ts';
import { chooseBlAction, createRelease, transferTo } from '../support/custody.ts';
import { publishReleases, signInThroughApi } from '../support/chain-setup.ts';

const carrierName = 'Scheldt Ocean Line NV';
// The demo terminal without secure pick-up where the journeys' releases are picked up:
// support/custody.ts (pinTerminal).

// Each journey works on BLs of its own and leaves the demo world as it found it. The config runs
// journeys one at a time (one worker): another journey's change in the same chain would show a
// live prompt too.

// The demo users have preferred languages; an explicit choice on this browser keeps English.
test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

/** The operation cells of the audit trail's rows of one container, in order. */
async function operationsOf(page: Page, container: string): Promise<string[]> {
  return page
    .getByTestId('audit-trail-row')
    .filter({ has: page.getByRole('cell', { name: container, exact: true }) })
    .locator('td:nth-child(3)')
    .allInnerTexts();
}

test('a release travels forwarder → forwarder and back: transfer, live arrival, pincode, revoke, audit trail', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  // The carrier publishes three releases on a BL and passes them to forwarder@'s organisation.
  const bl = uniqueBl('CUS');
  const pincodes = new Map(
    [0, 1, 2].map((i) => [
      uniqueContainer(),
      String(100_000 + ((Date.now() + i * 7919) % 900_000)),
    ]),
  );
  const containers = [...pincodes.keys()];
  const carrier = await signedInPage(browser, 'carrier@demo.test');
  for (const [container, pincode] of pincodes) await createRelease(carrier, bl, container, pincode);
  await search(carrier, bl);
  await expect(carrier.getByTestId(`bl-row-${bl}`).getByTestId('bl-container-count')).toHaveText(
    '3 containers',
  );
  await chooseBlAction(carrier, bl, 'transfer');
  const fromCarrier = await transferTo(carrier, forwarderName);
  await expect(fromCarrier.succeeded).toContainText('3 releases transferred');
  await carrier.context().close();

  const receiver = await signedInPage(browser, 'forwarder2@demo.test');
  const sender = await signedInPage(browser, 'forwarder@demo.test');

  // forwarder2's overview is open; the BL is not theirs yet.
  await expect(receiver.getByTestId('bl-table')).toBeVisible();
  await expect(receiver.getByTestId(`bl-row-${bl}`)).toHaveCount(0);
  await expect(sender.getByTestId(`bl-row-${bl}`)).toBeVisible();

  // Transfer: the BL's three containers to forwarder2's organisation.
  await chooseBlAction(sender, bl, 'transfer');
  const transfer = sender.getByTestId('custody-dialog');
  await expect(transfer.getByTestId('custody-count')).toHaveText(
    'The releases of 3 selected containers will be transferred to the organisation you choose.',
  );
  // Confirm without a target: the selector says what is missing.
  await transfer.getByTestId('custody-confirm').click();
  await expect(transfer).toContainText('No target organisation was selected.');
  await transfer.getByTestId('transfer-target').click();
  await sender.getByRole('option', { name: new RegExp(forwarder2Name) }).click();
  await expect(transfer.getByTestId('transfer-target')).toHaveValue(forwarder2Name);
  await sender.screenshot({ path: testInfo.outputPath('transfer-dialog.png') });
  await transfer.getByTestId('custody-confirm').click();
  const transferred = transfer.getByTestId('custody-report-succeeded');
  await expect(transferred).toBeVisible({ timeout: 20_000 });
  await expect(transferred).toContainText('3 releases transferred');
  await expect(transferred.locator('li')).toHaveCount(3);
  for (const container of containers) await expect(transferred).toContainText(container);
  await expect(transfer.getByTestId('custody-report-errors')).toHaveCount(0);
  await sender.screenshot({ path: testInfo.outputPath('transfer-report.png') });
  await transfer.getByTestId('custody-close').click();
  await expect(transfer).toBeHidden();

  // forwarder2 learns of it live: the prompt, without a reload; the BL after refreshing.
  const prompt = receiver.getByTestId('live-prompt');
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(receiver.getByTestId(`bl-row-${bl}`)).toHaveCount(0);
  await receiver.screenshot({ path: testInfo.outputPath('live-prompt.png') });
  await prompt.getByTestId('live-refresh').click();
  await expect(prompt).toHaveCount(0);
  const arrived = receiver.getByTestId(`bl-row-${bl}`);
  await expect(arrived).toBeVisible();
  await expect(arrived.getByTestId('bl-container-count')).toHaveText('3 containers');

  // forwarder2 fetches the pincodes, after the warning.
  await chooseBlAction(receiver, bl, 'pincode');
  const pinDialog = receiver.getByTestId('pincode-dialog');
  await expect(pinDialog.getByTestId('pincode-warning')).toBeVisible();
  await expect(pinDialog.getByTestId('custody-count')).toHaveText(
    'The pincodes of 3 selected containers will be fetched.',
  );
  await pinDialog.getByTestId('custody-confirm').click();
  await expect(pinDialog.getByTestId('pincode-table')).toBeVisible({ timeout: 20_000 });
  await expect(pinDialog.getByTestId('pincode-value')).toHaveCount(3);
  for (const [container, pincode] of pincodes) {
    const value = pinDialog.getByTestId(`pincode-row-${container}`).getByTestId('pincode-value');
    await expect(value).toHaveText(/^\d{6}$/);
    // Resealed along the chain, it is still the carrier's pincode.
    await expect(value).toHaveText(pincode);
  }
  await expect(pinDialog.getByTestId('pincode-error')).toHaveCount(0);
  await receiver.screenshot({ path: testInfo.outputPath('pincode-result.png') });
  await pinDialog.getByTestId('custody-close').click();
  await expect(pinDialog).toBeHidden();

  // forwarder@ takes the releases back.
  await chooseBlAction(sender, bl, 'revoke');
  const revoke = sender.getByTestId('custody-dialog');
  await expect(revoke.getByTestId('custody-count')).toContainText('3 selected containers');
  await revoke.getByTestId('custody-confirm').click();
  const revoked = revoke.getByTestId('custody-report-succeeded');
  await expect(revoked).toBeVisible({ timeout: 20_000 });
  await expect(revoked).toContainText('3 releases revoked');
  await expect(revoked.locator('li')).toHaveCount(3);
  await sender.screenshot({ path: testInfo.outputPath('revoke-report.png') });
  await revoke.getByTestId('custody-close').click();
  await expect(revoke).toBeHidden();

  // forwarder2 (revoked out) is told, and after refreshing the BL is gone.
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await prompt.getByTestId('live-refresh').click();
  await expect(prompt).toHaveCount(0);
  await expect(receiver.getByTestId(`bl-row-${bl}`)).toHaveCount(0);
  // The sender owns them again: transfer is offered once more.
  await sender.getByTestId(`bl-actions-${bl}-arrow`).click();
  await expect(sender.getByTestId('release-action-transfer')).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(sender.getByTestId('release-action-revoke')).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await sender.keyboard.press('Escape');

  // The audit trail tells the whole story, every event verified.
  await chooseBlAction(sender, bl, 'auditTrail');
  const trail = sender.getByTestId('audit-trail-dialog');
  const rows = trail.getByTestId('audit-trail-row');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  for (const container of containers) {
    expect(await operationsOf(sender, container)).toEqual([
      'Created',
      'Transferred',
      'Transferred',
      'Pincode fetched',
      'Revoked',
    ]);
  }
  const rowCount = await rows.count();
  expect(rowCount).toBe(15);
  await expect(trail.getByTestId('audit-trail-verified')).toHaveCount(rowCount);
  await expect(trail.getByTestId('audit-trail-unverified')).toHaveCount(0);
  // Who passed it to whom: the carrier to forwarder@'s organisation, then on to forwarder2's.
  const transfers = rows.filter({
    has: sender.getByRole('cell', { name: 'Transferred', exact: true }),
  });
  await expect(
    transfers.filter({ hasText: carrierName }).filter({ hasText: forwarderName }),
  ).toHaveCount(3);
  await expect(
    transfers.filter({ hasText: forwarderName }).filter({ hasText: forwarder2Name }),
  ).toHaveCount(3);
  await expect(
    rows
      .filter({ has: sender.getByRole('cell', { name: 'Pincode fetched', exact: true }) })
      .filter({ hasText: forwarder2Name }),
  ).toHaveCount(3);
  await sender.screenshot({ path: testInfo.outputPath('audit-trail.png') });

  // The CSV export: src-auditlog-<timestamp>.csv with the same story.
  const downloading = sender.waitForEvent('download');
  await trail.getByTestId('audit-trail-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^src-auditlog-.*\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  expect(lines[0]).toContain('Operation');
  expect(lines).toHaveLength(rowCount + 1);
  for (const container of containers) {
    const ofContainer = lines.filter((line) => line.includes(container));
    expect(ofContainer.filter((line) => line.includes('Transferred'))).toHaveLength(2);
    expect(ofContainer.filter((line) => line.includes('Revoked'))).toHaveLength(1);
    expect(ofContainer.some((line) => line.includes('Pincode fetched'))).toBe(true);
  }
  await trail.getByTestId('audit-trail-close').click();
  await expect(trail).toBeHidden();

  await sender.context().close();
  await receiver.context().close();
});

test('the carrier blocks a BL’s releases and unblocks them again', async ({
  page,
  request,
}, testInfo) => {
  // Two releases of the carrier's, published through the API (releases.spec walks the upload).
  const bl = uniqueBl('BLK');
  const containers = [uniqueContainer(), uniqueContainer()];
  await publishReleases(
    await signInThroughApi(request, 'carrier@demo.test'),
    containers.map((container, i) => ({
      bl,
      container,
      pickupLocation: '1742',
      pincode: String(840_000 + i),
    })),
  );
  await signIn(page, 'carrier@demo.test');
  await search(page, bl);
  await expect(page.getByTestId(`bl-row-${bl}`)).toBeVisible();

  await chooseBlAction(page, bl, 'block');
  const block = page.getByTestId('custody-dialog');
  await expect(block).toContainText('Block releases');
  await expect(block.getByTestId('custody-count')).toHaveText(
    'The releases of 2 selected containers will be blocked.',
  );
  await block.getByTestId('custody-confirm').click();
  const blocked = block.getByTestId('custody-report-succeeded');
  await expect(blocked).toBeVisible({ timeout: 20_000 });
  await expect(blocked).toContainText('2 releases blocked');
  for (const container of containers) await expect(blocked).toContainText(container);
  await page.screenshot({ path: testInfo.outputPath('block-report.png') });
  await block.getByTestId('custody-close').click();
  await expect(block).toBeHidden();

  // All blocked: block is no longer offered, unblock is.
  await page.getByTestId(`bl-actions-${bl}-arrow`).click();
  await expect(page.getByTestId('release-action-block')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('release-action-unblock')).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.getByTestId('release-action-unblock').click();
  const unblock = page.getByTestId('custody-dialog');
  await expect(unblock.getByTestId('custody-count')).toHaveText(
    'The releases of 2 selected containers will be unblocked.',
  );
  await unblock.getByTestId('custody-confirm').click();
  const unblocked = unblock.getByTestId('custody-report-succeeded');
  await expect(unblocked).toBeVisible({ timeout: 20_000 });
  await expect(unblocked).toContainText('2 releases unblocked');
  await unblock.getByTestId('custody-close').click();
  await expect(unblock).toBeHidden();

  await page.getByTestId(`bl-actions-${bl}-arrow`).click();
  await expect(page.getByTestId('release-action-block')).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByTestId('release-action-unblock')).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
});
