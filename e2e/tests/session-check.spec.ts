import { signIn } from '../support/releases.ts';
import { expect, test, type Browser, type Page } from '../support/test.ts';

/** The page's storage, in the browser (the journeys are type-checked without the DOM's types). */
interface PageStorage {
  getItem(key: string): string | null;
}

/**
 * Access spec §4 "Session" and §6, releases spec §6: "Carriers skip the session check". The
 * browser's own check fires here as it does when the network is away at the moment the
 * browser's clock says the access token ran out: the refresh fails and the browser, by its own
 * reckoning, would end the session. The server's clock has not moved, so the session can still
 * be renewed: a carrier works on, anyone else gets the session-expired alert and signs in again.
 */
async function tokenRunsOutWhileOffline(page: Page) {
  const refreshes = (method: string, url: string) =>
    method === 'POST' && new URL(url).pathname === '/api/authentication';
  const failed = page.waitForEvent('requestfailed', (r) => refreshes(r.method(), r.url()));
  await page.route('**/api/authentication', (route) =>
    refreshes(route.request().method(), route.request().url())
      ? route.abort('internetdisconnected')
      : route.fallback(),
  );
  // The tab sleeps past the token's 15 minutes by the browser's clock.
  await page.clock.fastForward('16:00');
  await failed;
  await page.unroute('**/api/authentication');
}

/** A browser of its own in English, its clock in the journey's hands, signed in as `email`. */
async function signedInWithClock(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
  await context.clock.install();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('a carrier whose browser session check fires is not interrupted: the session is renewed', async ({
  browser,
}) => {
  const page = await signedInWithClock(browser, 'carrier@demo.test');
  await tokenRunsOutWhileOffline(page);

  // The refresh is tried again 5 seconds later and the server renews the session.
  const renewed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/authentication',
  );
  await page.clock.runFor(5_000);
  expect((await renewed).status()).toBe(201);

  await expect(page.getByTestId('session-expired-dialog')).toHaveCount(0);
  await expect(page.getByTestId('releases-page')).toBeVisible();
  // The carrier's work goes on: another page, whose calls carry the renewed token.
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-settings').click();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('session-expired-dialog')).toHaveCount(0);
});

test('anyone else is interrupted: the session-expired alert, then sign in again', async ({
  browser,
}) => {
  const page = await signedInWithClock(browser, 'forwarder@demo.test');
  await tokenRunsOutWhileOffline(page);

  const alert = page.getByTestId('session-expired-dialog');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Your session has expired or is invalid. Please log in again.');
  await alert.getByTestId('session-expired-close').click();
  await expect(page.getByTestId('login-frame')).toBeVisible();
  const stored = await page.evaluate(() => {
    const { localStorage } = globalThis as unknown as { localStorage: PageStorage };
    return localStorage.getItem('scr.session');
  });
  expect(stored).toBeNull();
});
