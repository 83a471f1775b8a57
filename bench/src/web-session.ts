import type { Browser, Page } from '@playwright/test';

/** The demo account the web line signs in as, and its password (demo-releases.ts). */
export const demoUser = 'forwarder@demo.test';
const demoPassword = 'demo-password';

/** The Chromium flags of every browser the web line starts (as the journeys start it). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The first BL of the overview on screen: a table row at desktop width, a card on a phone. */
export const firstOverviewItem = '[data-testid^="bl-row-"], [data-testid^="bl-card-"]';

/**
 * Signs in through the login form (e-mail, Enter, password) on a page showing /login; `onSubmit`
 * runs just before Enter is pressed on the password. Settles when the overview's frame is there.
 */
export async function signInThroughForm(page: Page, onSubmit?: () => void): Promise<void> {
  const form = page.getByTestId('login-form');
  await page.getByTestId('login-email').fill(demoUser);
  await page.getByTestId('login-email').press('Enter');
  await form.and(page.locator('[data-step="password"]')).waitFor();
  await page.getByTestId('login-password').fill(demoPassword);
  onSubmit?.();
  await page.getByTestId('login-password').press('Enter');
  await page.getByTestId('releases-page').waitFor({ timeout: 30_000 });
}

/**
 * What a signed-in browser keeps (the app keeps its session in localStorage, `scr.session`):
 * every localStorage entry of the portal's origin after one sign-in, English chosen. A later
 * page of the origin with these entries opens signed in (its wallet, kept per tab, is unlocked
 * again only when an action needs it).
 */
export async function signedInStorage(
  browser: Browser,
  baseUrl: string,
): Promise<Record<string, string>> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page);
    await page.locator(firstOverviewItem).first().waitFor({ timeout: 30_000 });
    return (await page.evaluate('({ ...localStorage })')) as Record<string, string>;
  } finally {
    await context.close();
  }
}

/** A script for `addInitScript`: writes `entries` into the origin's localStorage before the app. */
export function storageScript(entries: Record<string, string>): string {
  return `for (const [key, value] of Object.entries(${JSON.stringify(entries)})) localStorage.setItem(key, value);`;
}

/**
 * Settles once the page has had no request in flight for `quietMs` (a socket is not a request):
 * later than Playwright's `networkidle` (500 ms, and settled at once when reached before), so
 * that what the page fetches after a first pause (a chunk asked for once an answer arrived)
 * is counted too.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 1000, timeoutMs = 30_000) {
  let inFlight = 0;
  let lastChange = performance.now();
  const started = () => {
    inFlight += 1;
    lastChange = performance.now();
  };
  const ended = () => {
    inFlight -= 1;
    lastChange = performance.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = performance.now() + timeoutMs;
    while (inFlight > 0 || performance.now() - lastChange < quietMs) {
      if (performance.now() > deadline) throw new Error(`network not quiet within ${timeoutMs} ms`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
