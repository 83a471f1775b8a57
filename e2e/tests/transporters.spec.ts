import { expect, test } from '../support/test.ts';
import { signIn } from '../support/releases.ts';
import { openFromNavigation } from '../support/navigation.ts';

/*
 * Access spec §2 "Drivers, barges, trains", §5 (their validation, the duplicate driver) and §4
 * (deactivating asks first): the demo haulier (SCR Basic: canAssignDriver, canAssignBarge,
 * canAssignTrain) manages its transporters. Each run uses names of its own.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

const stamp = Date.now().toString(36).toUpperCase();

test('the haulier adds a driver, is asked to confirm a duplicate, and deactivates it', async ({
  page,
}) => {
  await signIn(page, 'haulier@demo.test');
  await openFromNavigation(page, 'nav-drivers');
  await expect(page.getByTestId('drivers-page')).toBeVisible();
  const lastName = `Journey ${stamp}`;

  await page.getByTestId('add-driver').click();
  const dialog = page.getByTestId('add-driver-dialog');
  await dialog.getByTestId('transporter-firstName').fill('Eva');
  await dialog.getByTestId('transporter-lastName').fill(lastName);
  await dialog.getByTestId('transporter-alfaPass').fill('1234');
  await dialog.getByTestId('transporter-save').click();
  await expect(dialog).toContainText('An Alfapass number has 6 digits (new card) or 5 (old card)');
  await dialog.getByTestId('transporter-alfaPass').fill('012345');
  await dialog.getByTestId('transporter-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('transporter-row').filter({ hasText: `Eva ${lastName}` });
  await expect(row).toContainText('012345');
  await expect(row.getByTestId('identification-required')).toHaveCount(0);

  // Access spec §5 "Duplicate driver": the same name, in other case, asks first.
  await page.getByTestId('add-driver').click();
  await dialog.getByTestId('transporter-firstName').fill('EVA');
  await dialog.getByTestId('transporter-lastName').fill(lastName.toLowerCase());
  await dialog.getByTestId('transporter-save').click();
  const duplicate = page.getByTestId('transporter-duplicate-dialog');
  await expect(duplicate).toContainText('Driver already exists');
  await expect(duplicate).toContainText('012345');
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The filled form asks before it is discarded (issue 15).
  await page.getByTestId('discard-confirm-dialog').getByTestId('discard-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('transporter-row').filter({ hasText: lastName })).toHaveCount(1);

  await row.getByTestId('transporter-deactivate').click();
  await page.getByTestId('transporter-deactivate-confirm').click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('transporters-inactive').click();
  await expect(
    page.getByTestId('transporter-row').filter({ hasText: `Eva ${lastName}` }),
  ).toBeVisible();
});

test('the haulier adds a barge with an ENI number of exactly 8 characters', async ({ page }) => {
  await signIn(page, 'haulier@demo.test');
  await openFromNavigation(page, 'nav-barges');
  await page.getByTestId('add-barge').click();
  const dialog = page.getByTestId('add-barge-dialog');
  await dialog.getByTestId('transporter-name').fill(`Barge ${stamp}`);
  await dialog.getByTestId('transporter-eniNumber').fill('1234567');
  await dialog.getByTestId('transporter-save').click();
  await expect(dialog).toContainText('Please enter 8 characters');
  const eni = String(Date.now()).slice(-8);
  await dialog.getByTestId('transporter-eniNumber').fill(eni);
  await dialog.getByTestId('transporter-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('transporter-row').filter({ hasText: eni })).toBeVisible();
});
