import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/test.ts';
import { signedInPage, uniqueBl, uniqueContainer } from '../support/releases.ts';

/**
 * A COREOR D95B interchange of one message: one EQD group per container, the last one broken.
 * Its control and message references are its own: the same again would be a duplicate.
 */
function coreor(bl: string, containers: string[]): string {
  const reference = `IC${Date.now().toString(36).toUpperCase()}`;
  const groups = containers.flatMap((container, i) => [
    `EQD+CN+${container}+45G1:102:5`,
    'LOC+117+BEANR:139:6+1742:TER:ZZZ',
    i === containers.length - 1 ? 'DTM+36:20261345:102' : 'DTM+36:20991231:102',
  ]);
  const body = [
    `UNH+${reference}+COREOR:D:95B:UN`,
    'BGM+129+RO-E2E+9',
    `RFF+BN:${bl}`,
    'TDT+20+V042E+1++MSC:172:20+++9876543:146:11:MSC ANNA',
    ...groups,
    `CNT+16:${containers.length}`,
  ];
  return [
    "UNA:+.? '",
    `UNB+UNOA:2+SOLBE+SCRPORTAL+261124:0930+${reference}'`,
    ...[...body, `UNT+${body.length + 1}+${reference}`].map((segment) => `${segment}'`),
    `UNZ+1+${reference}'`,
  ].join('\n');
}

test('a carrier registers a webhook, uploads a COREOR file, reads the answer, and its system is told', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  // The carrier's own system: it takes every event (the portal is not in production: http on loopback).
  const received: { type: string; operation: string; container: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const event = JSON.parse(body);
      received.push({
        type: event.type,
        operation: event.operation,
        container: event.release.containerNumber,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  try {
    const page = await signedInPage(browser, 'carrier@demo.test');
    await page.goto('/admin?section=webhooks');
    await page.getByTestId('webhook-new').click();
    const dialog = page.getByTestId('webhook-dialog');
    await dialog.getByTestId('webhook-url').fill(hookUrl);
    await dialog.getByTestId('webhook-description').fill('Carrier TMS');
    await dialog.getByTestId('webhook-save').click();
    const secret = page.getByTestId('webhook-secret');
    await expect(secret.getByTestId('webhook-secret-value')).toHaveValue(/^whsec_/);
    await secret.getByTestId('webhook-secret-done').click();
    await expect(page.getByTestId('webhooks-table')).toContainText(hookUrl);

    // The COREOR upload, beside the spreadsheet one (issue 14 item 4).
    await page.goto('/releases');
    const bl = uniqueBl('COR');
    const containers = [uniqueContainer(), uniqueContainer(), uniqueContainer(), uniqueContainer()];
    await page.getByTestId('create-release-menu').click();
    await page.getByTestId('create-coreor').click();
    const upload = page.getByTestId('coreor-dialog');
    await upload.getByTestId('coreor-file').setInputFiles({
      name: 'coreor.edi',
      mimeType: 'text/plain',
      buffer: Buffer.from(coreor(bl, containers)),
    });
    await upload.getByTestId('coreor-submit').click();
    const report = upload.getByTestId('coreor-report');
    await expect(report.getByTestId('coreor-counts')).toContainText('3 taken, 1 refused', {
      timeout: 30_000,
    });
    const refused = report.getByTestId('coreor-release').nth(3);
    await expect(refused).toContainText(containers[3]!);
    await expect(refused).toContainText('DTM+36:20261345:102');
    await expect(refused).toContainText('This is not a valid date');
    await page.screenshot({ path: testInfo.outputPath('coreor-report.png') });
    await upload.getByTestId('coreor-close').click();

    // The outbox tells the carrier's system of the three releases, once each.
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(3);
    expect(received.map((r) => r.container).sort()).toEqual(containers.slice(0, 3).sort());
    expect(received.every((r) => r.type === 'received' && r.operation === 'create')).toBe(true);

    await page.goto('/admin?section=webhooks');
    const row = page.getByTestId('webhooks-table-row').filter({ hasText: hookUrl });
    await row.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByTestId('webhook-deliveries');
    await expect(log).toContainText(containers[0]!);
    await expect(log).toContainText('Delivered');
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});
