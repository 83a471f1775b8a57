import { expect, test, type Page } from '../support/test.ts';
import type { SunkMail } from '../support/mail-parse.ts';
import { smtpSinkUrl } from '../support/smtp-sink-address.ts';
import { snackbar } from '../support/releases.ts';
import { demoAccounts } from '../../packages/server/src/demo/demo-accounts.ts';

const password = 'demo-password';

// The demo users have preferred languages; an explicit choice on this browser keeps English.
test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

/** The page's localStorage, read through the browser context's storage state. */
async function localStorageOf(page: Page): Promise<Map<string, string>> {
  const { origins } = await page.context().storageState();
  const origin = origins.find((entry) => entry.origin === new URL(page.url()).origin);
  return new Map(origin?.localStorage.map(({ name, value }) => [name, value]));
}

/** Access spec §2 "Login screen": e-mail, then (here) no organisation, then the password. */
async function signIn(page: Page, email: string) {
  const form = page.getByTestId('login-form');
  await expect(form).toHaveAttribute('data-step', 'email');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-email').press('Enter');
  await expect(form).toHaveAttribute('data-step', 'password');
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-password').press('Enter');
}

test('(a) the carrier signs in through e-mail and password and lands on the releases', async ({
  page,
}, testInfo) => {
  // The realtime connection authenticates with the access token after sign-in (strategy jwt).
  let socketAuthenticated = false;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (/^43\d*\[null,\{"accessToken"/.test(String(payload))) socketAuthenticated = true;
    }),
  );
  await page.goto('/login');
  await expect(page.getByTestId('login-email')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('login-email.png') });
  const form = page.getByTestId('login-form');
  await page.getByTestId('login-email').fill('carrier@demo.test');
  await page.getByTestId('login-submit').click();
  // One organisation: no organisation step.
  await expect(form).toHaveAttribute('data-step', 'password');
  await expect(page.getByTestId('login-organisation')).toHaveCount(0);
  await page.getByTestId('login-password').fill(password);
  await page.screenshot({ path: testInfo.outputPath('login-password.png') });
  await page.getByTestId('login-password').press('Enter');

  await expect(page).toHaveURL(/\/releases$/);
  await expect(page.getByTestId('releases-page')).toBeVisible();
  await expect(page.getByTestId('support-box')).toContainText('Scheldt Ocean Line NV');
  await expect.poll(() => socketAuthenticated).toBe(true);
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('profile-email')).toContainText('carrier@demo.test');
  // Carriers see no account type (access spec §4).
  await expect(page.getByTestId('profile-account-type')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A reload keeps the user signed in (access spec §3 "Wallet info", the stored session).
  await page.reload();
  await expect(page.getByTestId('releases-page')).toBeVisible();
  await expect(page).toHaveURL(/\/releases$/);
});

test('a wrong password says so under the form and asks for the e-mail again', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill('carrier@demo.test');
  await page.getByTestId('login-email').press('Enter');
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-password').press('Enter');
  await expect(page.getByTestId('login-error')).toHaveText(
    "Invalid credentials. Click the 'Forgot password' button if you forgot your password",
  );
  await expect(page.getByTestId('login-form')).toHaveAttribute('data-step', 'email');
  await expect(page.getByTestId('login-email')).toHaveValue('carrier@demo.test');
});

test('(b) a user whose SCR subscription ended sees the subscription-expired screen', async ({
  page,
}, testInfo) => {
  await page.goto('/releases');
  await expect(page).toHaveURL(/\/login\?fwd=%2Freleases$/);
  await signIn(page, 'expired@demo.test');

  const screen = page.getByTestId('subscription-expired-page');
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('heading', { level: 1 })).toHaveText(
    'Your SCR subscription has expired.',
  );
  await expect(screen).toContainText('Your account is temporarily deactivated.');
  await expect(page.getByTestId('releases-page')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('subscription-expired.png') });

  // Option 2's guide opens the help drawer at the on-premise wallet section.
  await page.getByTestId('subscription-guide').click();
  await expect(page.getByTestId('help-frame')).toHaveAttribute('src', /#wallet-on-premise$/);
  const help = page.frameLocator('[data-testid="help-frame"]');
  await expect(help.locator('#wallet-on-premise h2')).toBeVisible();
  await page.getByTestId('help-close').click();

  // Option 1 leads to /order, which the subscription check lets through.
  await page.getByTestId('subscription-order').click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByTestId('order-prices')).toBeVisible();
});

test('(c) a terminal user lands on the secure pick-up containers', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'terminal@demo.test');
  await expect(page).toHaveURL(/\/secure-pickup-containers$/);
  await expect(page.getByRole('heading', { name: 'Secure pick-up containers' })).toBeVisible();
  const navigation = page.getByTestId('main-navigation');
  await expect(navigation.getByRole('link')).toHaveText(['Secure pick-up']);

  // Any other page sends them back (access spec §4 "Terminal users").
  await page.goto('/releases');
  await expect(page).toHaveURL(/\/secure-pickup-containers$/);
});

test('(d) logout shows the Logged out page; /releases then goes through sign-in and back', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await signIn(page, 'carrier@demo.test');
  await expect(page.getByTestId('releases-page')).toBeVisible();
  const token = (await localStorageOf(page))
    .get('scr.session')
    ?.match(/"accessToken":"([^"]+)"/)?.[1];
  expect(token).toBeTruthy();

  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('profile-logout').click();
  await expect(page.getByTestId('logged-out-page')).toBeVisible();
  await expect(page).toHaveURL(/\/logged-out$/);
  const storage = [...(await localStorageOf(page)).keys()].sort();
  expect(storage).toEqual(['scr.language']);

  // The server revoked the token: it no longer re-authenticates. The page shows first and the
  // revocation follows (features/session/use-logout.ts), so it may still be on its way.
  await expect
    .poll(async () =>
      (
        await request.post('/api/authentication', {
          data: { strategy: 'jwt', accessToken: token },
        })
      ).status(),
    )
    .toBe(401);

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame())
      visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  await page.goto('/releases');
  await expect(page).toHaveURL(/\/login\?fwd=%2Freleases$/);
  expect(visited).toContain('/loading?fwd=%2Freleases');

  await signIn(page, 'carrier@demo.test');
  await expect(page).toHaveURL(/\/releases$/);
  await expect(page.getByTestId('releases-page')).toBeVisible();
});

test('(e) the two-factor user gets the code by e-mail and gets in', async ({ page, request }) => {
  const email = 'twofactor@demo.test';
  const before = (await (
    await request.get(`${smtpSinkUrl}/messages?to=${email}`)
  ).json()) as SunkMail[];

  await page.goto('/login?fwd=%2Freleases');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/two-factor\?fwd=%2Freleases$/);
  await expect(page.getByTestId('two-factor-page')).toBeVisible();
  await expect(snackbar(page, 'Verification code sent successfully')).toBeVisible();
  // Only the home link while the code is pending (access spec §2).
  await expect(page.getByTestId('main-navigation')).toHaveCount(0);

  let code = '';
  await expect
    .poll(async () => {
      const messages = (await (
        await request.get(`${smtpSinkUrl}/messages?to=${email}`)
      ).json()) as SunkMail[];
      const latest = messages.slice(before.length).at(-1);
      code = /\b(\d{6})\b/.exec(`${latest?.subject ?? ''}\n${latest?.text ?? ''}`)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);

  await page.getByTestId('two-factor-code').fill(code);
  await page.getByTestId('two-factor-code').press('Enter');
  await expect(page).toHaveURL(/\/releases$/);
  await expect(page.getByTestId('releases-page')).toBeVisible();
  await expect(page.getByTestId('main-navigation')).toBeVisible();
});

test('(f) the invited user accepts the EULA and the terms and lands on the releases', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, 'invited@demo.test');

  const eula = page.getByTestId('eula-dialog');
  await expect(eula).toBeVisible();
  await expect(eula.getByTestId('eula-link')).toHaveAttribute('href', /.+/);
  await expect(eula.getByTestId('eula-submit')).toBeDisabled();
  await eula.getByRole('checkbox').check();
  await eula.getByTestId('eula-submit').click();

  const terms = page.getByTestId('terms-dialog');
  await expect(terms).toBeVisible();
  await expect(terms).toContainText('customs clearance');
  await expect(terms.getByTestId('terms-ok')).toBeDisabled();
  await terms.getByRole('checkbox').check();
  await terms.getByTestId('terms-ok').click();

  await expect(page.getByTestId('releases-page')).toBeVisible();
  await expect(page).toHaveURL(/\/releases$/);
  await expect(page.getByTestId('terms-dialog')).toHaveCount(0);

  // Both were saved: a reload (a fresh re-authentication) asks for neither again.
  await page.reload();
  await expect(page.getByTestId('releases-page')).toBeVisible();
  await expect(page.getByTestId('eula-dialog')).toHaveCount(0);
  await expect(page.getByTestId('terms-dialog')).toHaveCount(0);
});

/**
 * Issue 15, after (f) in this file (the invited user's first sign-in accepts the EULA and the
 * terms): with no releases yet, the overview says how releases arrive and leads to the
 * connections, on a desktop and on a phone, with screenshots kept.
 */
test('(f) then: the invited user with no releases yet sees the next step, desktop and phone', async ({
  browser,
}) => {
  for (const viewport of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'invited@demo.test');
    const empty = page.getByTestId('overview-empty');
    await expect(empty.getByTestId('overview-empty-title')).toHaveText(
      'No valid releases for your organisation yet',
    );
    // Still there once every load has settled (no flash of an empty list).
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(empty.getByTestId('overview-empty-connections')).toBeVisible();
    const path = test.info().outputPath(`${viewport.name}-invited-empty.png`);
    await page.screenshot({ path });
    await test.info().attach(`${viewport.name}-invited-empty`, { path, contentType: 'image/png' });
    await context.close();
  }
});

/**
 * Issue 9 §1: every demo account signs in with its own personal sign-in key, and the session is
 * that person's (the server accepts a sign-in only from the address recorded for the user).
 */
for (const account of demoAccounts) {
  test(`(g) ${account.email} signs in as itself`, async ({ page }) => {
    await page.goto('/login');
    await signIn(page, account.email);
    await expect(page).not.toHaveURL(/\/login/);
    const stored = (await localStorageOf(page)).get('scr.session') ?? '';
    expect(JSON.parse(stored).user.email).toBe(account.email);
    // The unlocked wallet's token is kept for this tab only, never in localStorage.
    expect((await localStorageOf(page)).has('scr.wallet')).toBe(false);
  });
}
