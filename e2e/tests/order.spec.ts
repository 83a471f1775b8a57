import {
  formatTypedDate,
  nextBusinessDay,
  todayInBrussels,
} from '../../packages/domain/src/index.ts';
import type { SunkMail } from '../support/mail-parse.ts';
import { signIn, signedInPage } from '../support/releases.ts';
import { smtpSinkUrl } from '../support/smtp-sink-address.ts';
import { expect, test } from '../support/test.ts';

/*
 * Issue 12 item 5, access spec §2 "Order page", §4 "Premium order", §5 "Order", §9 pricing: the
 * demo user whose SCR plan expired (Old Harbour Trading BV, one user: small) orders SCR Premium
 * for its organisation and Polder Freight Services BV (one user: small), found by VAT number,
 * sees the fee the domain computes, and support turns the order into subscriptions.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

test('order Premium and see the computed fee', async ({ page, browser, request }) => {
  await signIn(page, 'expired@demo.test', 'subscription-expired-page');
  await page.getByTestId('cookie-decline').click();
  await page.getByTestId('subscription-order').click();
  await expect(page).toHaveURL(/\/order$/);
  const form = page.getByTestId('order-form');
  await expect(form.getByTestId('order-organization')).toContainText(
    'Old Harbour Trading BV · BE0836.114.720 (small) · your organisation',
  );
  await expect(page.getByTestId('order-submit')).toBeDisabled();

  const fee = page.getByTestId('order-fee');
  await page.getByTestId('order-flavor-premium').check();
  await page.getByTestId('order-location-BE').check();
  await page.getByTestId('order-location-NL').check();
  // Access spec §9: small, two locations: single 2 × €19.
  await expect(fee.getByTestId('order-fee-monthly')).toHaveText('€38 per month');
  await expect(fee.getByTestId('order-fee-formula')).toHaveText('The lowest formula: Single');

  // Lookup by VAT number: a second small organisation doubles single and global.
  await page.getByTestId('order-organization-search').fill('0690.528');
  await page.getByTestId('order-organization-option').filter({ hasText: 'Polder Freight' }).click();
  await expect(form.getByTestId('order-organization')).toHaveCount(2);
  await expect(fee.getByTestId('order-fee-monthly')).toHaveText('€76 per month');
  // A third location: global (2 × €49 flat) is now the lowest.
  await page.getByTestId('order-location-PL').check();
  await expect(fee).toContainText('Single €114, global €98, multi €297 per month');
  await expect(fee.getByTestId('order-fee-monthly')).toHaveText('€98 per month');
  await expect(fee.getByTestId('order-fee-formula')).toHaveText('The lowest formula: Global');
  await page.getByTestId('order-frequency-yearly').check();
  await expect(fee.getByTestId('order-fee-invoice')).toHaveText(
    'Invoiced yearly: €1,176 (12 months)',
  );
  // Access spec §4: the plan ended last week, so Premium starts on the next business day.
  const start = formatTypedDate(nextBusinessDay(todayInBrussels()));
  await expect(page.getByTestId('order-start-date')).toHaveText(`SCR Premium starts on ${start}`);

  await page.getByTestId('order-po').fill('PO-E2E');
  await expect(page.getByTestId('order-missing')).toContainText('Please accept the EULA');
  await page.getByTestId('order-eula').check();
  await page.getByTestId('order-submit').click();
  const thanks = page.getByTestId('order-thanks');
  await expect(thanks).toContainText('Thank you for your order');
  await expect(thanks.getByTestId('order-thanks-summary')).toContainText(
    '€98 per month (Global) for Belgium, Netherlands, Poland.',
  );
  const id = /Order (\d+):/.exec(
    (await thanks.getByTestId('order-thanks-summary').innerText())!,
  )![1];

  // The orderer gets its confirmation by e-mail.
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`${smtpSinkUrl}/messages?to=expired@demo.test`)
      ).json()) as SunkMail[];
      return mails.some((mail) => mail.subject === `Your SCR Premium order ${id}`);
    })
    .toBe(true);

  // Support finds the order in the administration and turns it into subscriptions.
  const desk = await signedInPage(browser, 'support@demo.test');
  await desk.goto('/admin?section=orders');
  const row = desk.getByTestId('orders-table-row').filter({ hasText: `#${id}` });
  await expect(row).toContainText('Polder Freight Services BV');
  await expect(row).toContainText('invoiced yearly: €1,176');
  await row.getByTestId(`order-convert-${id}`).click();
  const dialog = desk.getByTestId('order-handle-dialog');
  await expect(dialog).toContainText('SCR Premium for 2 organisation(s)');
  await dialog.getByTestId('order-handle').click();
  await expect(desk.getByText('Order turned into subscriptions.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await desk.context().close();
});
