import { expect, test, type Page } from '../support/test.ts';
import { signedInPage } from '../support/releases.ts';

/**
 * Issue 11 item 3, access spec §4 "Drivers, barges, trains" and §8 "Itsme": a driver registers
 * with itsme through a copied link, end to end in the browser, against the portal's own stand-in
 * OpenID provider (`/itsme-provider`, started because the journey configures no issuer).
 */

/** The signed-in session's token, from the page's localStorage (`scr.session`). */
async function accessToken(page: Page): Promise<string> {
  const { origins } = await page.context().storageState();
  const stored = origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name === 'scr.session');
  return (JSON.parse(stored!.value) as { accessToken: string }).accessToken;
}

test('access spec §4: a driver registers with itsme through the copied link', async ({
  browser,
}) => {
  // The haulier's user creates a driver and copies its itsme link (PATCH copyItsmeLink).
  const haulier = await signedInPage(browser, 'haulier@demo.test');
  const headers = { authorization: `Bearer ${await accessToken(haulier)}` };
  const lastName = `Itsme${Date.now().toString(36)}`;
  const created = await haulier.request.post('/api/drivers', {
    headers,
    data: { firstName: 'Jan', lastName, email: `jan.${lastName.toLowerCase()}@driver.test` },
  });
  expect(created.status()).toBe(201);
  const driver = ((await created.json()) as { result: { id: number; itsmeCode: string | null } })
    .result;
  expect(driver.itsmeCode).toBeNull();
  const patched = await haulier.request.patch(`/api/drivers/${driver.id}`, {
    headers,
    data: { copyItsmeLink: true },
  });
  expect(patched.status()).toBe(200);
  const { link } = (await patched.json()) as { link: string };
  expect(link).toContain('/itsme-provider/auth?');

  // The driver, in a browser of their own, opens the link and approves at the provider.
  const context = await browser.newContext();
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
  const driverPage = await context.newPage();
  const returns: string[] = [];
  driverPage.on('framenavigated', (frame) => {
    if (frame.url().includes('/itsme-confirm?')) returns.push(frame.url());
  });
  await driverPage.goto(link);
  await driverPage.getByLabel('Given name').fill('Jan');
  await driverPage.getByLabel('Family name').fill(lastName);
  await driverPage.getByRole('button', { name: 'Approve' }).click();

  // Back at /itsme-confirm: the code is posted and success shown; the address loses code and state.
  await expect(driverPage.getByTestId('itsme-confirm-success')).toHaveText('Registration complete');
  await expect(driverPage.getByTestId('itsme-confirm-page')).toContainText(
    `Thank you, Jan ${lastName}.`,
  );
  await expect(driverPage).toHaveURL(/\/itsme-confirm$/);

  // The driver now has its itsme code and the names itsme vouched for.
  const after = await haulier.request.get(`/api/drivers/${driver.id}`, { headers });
  const registered = (await after.json()) as {
    itsmeCode: string | null;
    itsmeData: { given_name: string; family_name: string } | null;
    identificationRequired: boolean;
  };
  expect(registered.itsmeCode).toMatch(/^stand-in-/);
  expect(registered.itsmeData).toEqual({ given_name: 'Jan', family_name: lastName });
  expect(registered.identificationRequired).toBe(false);

  // Access spec §8 "Itsme": the same return again (a reload, a replay) is refused.
  expect(new Set(returns).size).toBe(1);
  await driverPage.goto(returns[0]!);
  await expect(driverPage.getByTestId('itsme-confirm-error')).toHaveText(
    'Error during itsme registration. Please restart your itsme verification.',
  );

  // And a return without its state says so.
  await driverPage.goto('/itsme-confirm?code=abc');
  await expect(driverPage.getByTestId('itsme-confirm-error')).toHaveText(
    'Missing state/accessToken',
  );
  await context.close();
  await haulier.context().close();
});
