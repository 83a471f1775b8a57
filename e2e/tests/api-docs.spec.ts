import { expect, test } from '../support/test.ts';

test('issue 14 item 3: the API docs at /api/docs render under the portal’s CSP, from the portal alone', async ({
  page,
  baseURL,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  const foreign: string[] = [];
  const origin = new URL(baseURL!).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Secure Container Release API/ })).toBeVisible();
  // Swagger UI read the generated document: the custody and release operations are listed.
  const transfer = page.locator('#operations-Custody-transferReleases');
  await expect(transfer).toBeVisible();
  await expect(page.locator('#operations-Releases-createReleases')).toBeVisible();
  // Opening one shows its request schema, read from the document's components.
  await transfer.locator('.opblock-summary').click();
  await expect(transfer.getByText('custody:write').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();

  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});
