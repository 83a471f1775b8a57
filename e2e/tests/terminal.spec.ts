import { expect, test, type Page } from '../support/test.ts';
import { search, signedInPage, uniqueBl, uniqueContainer } from '../support/releases.ts';
import { publishedToHaulier } from '../support/chain-setup.ts';

// The demo world (packages/server/src/demo/): terminal@demo.test's organisation owns the secure
// pick-up terminal 1742, the carrier has Secure Pick-up enabled, and carrier → forwarder@ →
// haulier@ are connected.
const securePickupTerminal = '1742';

/** The signed-in session's access token, as the web app keeps it (localStorage `scr.session`). */
async function accessTokenOf(page: Page): Promise<string> {
  const { origins } = await page.context().storageState();
  const stored = origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name === 'scr.session');
  const token = stored && (JSON.parse(stored.value) as { accessToken?: string }).accessToken;
  expect(token).toBeTruthy();
  return token!;
}

/** The release status the party's overview shows for the BL's one container. */
async function expectPickedUp(page: Page, bl: string) {
  await search(page, bl);
  const row = page.getByTestId(`bl-row-${bl}`);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Expand' }).click();
  await expect(page.getByTestId('bl-container-row')).toContainText('Picked up');
}

test('the terminal finds a secure pick-up container, and after the gate-out every party sees it picked up', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const bl = uniqueBl('TRM');
  const container = uniqueContainer();

  // carrier → forwarder@ → haulier@, at the secure pick-up terminal, through the API (custody.spec
  // walks the create and transfer dialogs).
  await publishedToHaulier(request, [
    { bl, container, pincode: '551208', pickupLocation: securePickupTerminal },
  ]);

  // The terminal user lands on the terminal view and finds the container by a part of it.
  const terminal = await signedInPage(browser, 'terminal@demo.test', 'secure-pickup-page');
  await expect(terminal).toHaveURL(/\/secure-pickup-containers$/);
  await terminal.getByTestId('secure-pickup-search').fill(container.slice(4, 10));
  const row = terminal.getByTestId('secure-pickup-row').filter({ hasText: container });
  await expect(row).toBeVisible();
  await expect(terminal.getByTestId('secure-pickup-row')).toHaveCount(1);
  await expect(row).toContainText(bl);
  await expect(row).toContainText('Released');
  await row.click();
  const trail = terminal.getByTestId('secure-pickup-trail');
  await expect(trail.getByTestId('audit-trail-row')).toHaveCount(3);
  await expect(trail).toContainText('Transferred');
  await terminal.screenshot({ path: testInfo.outputPath('terminal-view.png') });

  // The terminal's gate: an API key of scope gate:write, made by the terminal's admin.
  const token = await accessTokenOf(terminal);
  const key = await request.post('/api/api-keys', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `gate ${bl}`, scopes: ['gate:write'] },
  });
  expect(key.status()).toBe(201);
  const apiKey = ((await key.json()) as { key: string }).key;
  const gate = { authorization: `ApiKey ${apiKey}` };

  const check = await request.post('/api/gate-checks', {
    headers: gate,
    data: {
      terminal: securePickupTerminal,
      containerNumber: container,
      identification: { type: 'alfapass', value: '123456' },
    },
  });
  expect(await check.json()).toMatchObject({ allowed: false, reason: 'notAssigned' });

  const out = await request.post('/api/gate-outs', {
    headers: gate,
    data: { terminal: securePickupTerminal, containerNumber: container },
  });
  expect(out.status()).toBe(201);
  const again = await request.post('/api/gate-outs', {
    headers: gate,
    data: { terminal: securePickupTerminal, containerNumber: container },
  });
  expect(again.status()).toBe(409);

  // Every party's overview shows it picked up.
  for (const party of ['carrier', 'forwarder', 'haulier']) {
    const page = await signedInPage(browser, `${party}@demo.test`);
    await expectPickedUp(page, bl);
    await page.screenshot({ path: testInfo.outputPath(`picked-up-${party}.png`) });
    await page.context().close();
  }

  // The terminal view shows the gate-out, and the trail its check and the gate-out.
  await terminal.reload();
  await terminal.getByTestId('secure-pickup-search').fill(container);
  await expect(row).toContainText('Picked up');
  await row.click();
  await expect(trail).toContainText('Terminal check: refused');
  await expect(trail).toContainText('Gate out');
  await terminal.context().close();
});
