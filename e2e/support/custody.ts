import { expect, type Page } from '@playwright/test';

/**
 * A demo terminal that allows pins without secure pick-up (demo-ports.ts). The demo BL that
 * forwarder@ owns (SOLANR2611001) is picked up at 1742, a secure pick-up terminal, where only an
 * assigned release gives its pincode ("Must assign to fetch pin").
 */
export const pinTerminal = '1333';

/**
 * Opens the split button of a BL row and chooses `action`, once its containers are loaded. The
 * row may still be drawn again as the search's answer arrives, closing a menu opened just before
 * (seen on a slow machine): the arrow is clicked again while no menu shows.
 */
export async function chooseBlAction(page: Page, bl: string, action: string) {
  const item = page.getByTestId(`release-action-${action}`);
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId(`bl-actions-${bl}-arrow`).click();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(item).not.toHaveAttribute('aria-disabled', 'true');
  await item.click();
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
