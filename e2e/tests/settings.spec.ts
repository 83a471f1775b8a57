import { signIn, snackbar } from '../support/releases.ts';
import { expect, test, type Browser, type Page } from '../support/test.ts';

/**
 * A demo user no other journey signs in as without choosing English first; the journey puts
 * its language back to English at the end all the same.
 */
const email = 'admin@demo.test';

/** A fresh browser (no language chosen on it), signed in: the portal starts in the user's. */
async function freshSignIn(browser: Browser): Promise<Page> {
  // Wide enough for the whole top bar, the profile menu at its end included.
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 1600, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function openSettings(page: Page, menuItem: string) {
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: menuItem }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('settings-language')).toBeVisible();
}

test('access spec §2 "Settings": change the language in Settings and see the portal switch, now and at the next sign-in', async ({
  browser,
}, testInfo) => {
  const page = await freshSignIn(browser);
  await expect(page.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await openSettings(page, 'Settings');
  await page.getByTestId('settings-language').selectOption('nl');
  await page.getByTestId('settings-releaseTransferEmail').check();
  await page.screenshot({ path: testInfo.outputPath('settings.png'), fullPage: true });
  await page.getByTestId('settings-save').click();

  // Saving returns home, and the portal speaks Dutch at once.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Vrijgaves', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(snackbar(page, 'Uw instellingen werden opgeslagen.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-in-dutch.png') });
  await page.context().close();

  // The next sign-in, on a browser that never chose a language: Dutch again, from the server.
  const next = await freshSignIn(browser);
  await expect(next.getByRole('heading', { name: 'Vrijgaves', level: 1 })).toBeVisible();
  await expect(next.locator('html')).toHaveAttribute('lang', 'nl');
  await openSettings(next, 'Instellingen');
  await expect(next.getByTestId('settings-language')).toHaveValue('nl');
  await expect(next.getByTestId('settings-releaseTransferEmail')).toBeChecked();

  // Back to English, as the other journeys expect this user.
  await next.getByTestId('settings-language').selectOption('en');
  await next.getByTestId('settings-releaseTransferEmail').uncheck();
  await next.getByTestId('settings-save').click();
  await expect(next.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
  await expect(next.locator('html')).toHaveAttribute('lang', 'en');
  await next.context().close();
});
