import { expect, type Page } from '@playwright/test';

/**
 * A demo terminal that allows pins without secure pick-up (demo-ports.ts). The demo BL that
 * forwarder@ owns (SOLANR2611001) is picked up at 1742, a secure pick-up terminal, where only an
 * assigned release gives its pincode ("Must assign to fetch pin").
 */
export const pinTerminal = '1333';

/**
 * Opens the split button of a BL row and chooses `action`, once its containers are loaded. The
 * row may be drawn again while the menu is open (seen on a slow machine, as a live notice of
 * another journey arrived), which closes the menu: the arrow is then clicked again, never while
 * its menu is open (that click would close it).
 */
export async function chooseBlAction(page: Page, bl: string, action: string) {
  const arrow = page.getByTestId(`bl-actions-${bl}-arrow`);
  const item = page.getByTestId(`release-action-${action}`);
  await expect(async () => {
    if ((await arrow.getAttribute('aria-expanded')) !== 'true') await arrow.click();
    await expect(item).toBeVisible({ timeout: 5_000 });
    await expect(item).not.toHaveAttribute('aria-disabled', 'true', { timeout: 5_000 });
    await item.click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Creates one release in the carrier's create dialog, with its pincode, at `pickupLocation`. */
export async function createRelease(
  page: Page,
  bl: string,
  container: string,
  pincode: string,
  pickupLocation = pinTerminal,
) {
  await page.getByTestId('create-release-menu').click();
  await page.getByTestId('create-single').click();
  const dialog = page.getByTestId('create-release-dialog');
  for (const [field, value] of Object.entries({
    blNumber: bl,
    containerNumber: container,
    pickupLocation,
    pincode,
  })) {
    await dialog.getByTestId(`create-${field}`).fill(value);
  }
  await dialog.getByTestId('create-submit').click();
  await expect(dialog).toBeHidden();
}

/** Confirms a transfer dialog to `target` and answers its report of successes. */
export async function transferTo(page: Page, target: string) {
  const dialog = page.getByTestId('custody-dialog');
  await dialog.getByTestId('transfer-target').click();
  await page.getByRole('option', { name: new RegExp(target) }).click();
  await expect(dialog.getByTestId('transfer-target')).toHaveValue(target);
  await dialog.getByTestId('custody-confirm').click();
  const succeeded = dialog.getByTestId('custody-report-succeeded');
  await expect(succeeded).toBeVisible({ timeout: 20_000 });
  return { dialog, succeeded };
}
