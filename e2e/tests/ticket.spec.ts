import type { SunkMail } from '../support/mail-parse.ts';
import { signedInPage } from '../support/releases.ts';
import { smtpSinkUrl } from '../support/smtp-sink-address.ts';
import { expect, test } from '../support/test.ts';

/** A 1×1 PNG: what a screenshot looks like to the portal's content check. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const supportDesk = 'support-desk@demo.test';

test('access spec §2 "Support ticket": send a ticket with an image from the drawer; support reads it', async ({
  browser,
  request,
}) => {
  const title = `Transfer stays grey ${Date.now().toString(36)}`;
  const page = await signedInPage(browser, 'forwarder@demo.test');
  await page.getByTestId('cookie-accept').click();

  // The help drawer's second tab is the ticket form; the page behind stays where it was.
  await page.getByTestId('help-toggle').click();
  await page.getByTestId('help-tab-ticket').click();
  const drawer = page.getByTestId('ticket-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('ticket-email')).toHaveValue('forwarder@demo.test');

  // §5: the required fields first.
  await drawer.getByTestId('ticket-send').click();
  await expect(drawer).toContainText('Please provide a title');
  await expect(drawer).toContainText('Please provide a description');

  await drawer.getByTestId('ticket-title').fill(title);
  await drawer
    .getByTestId('ticket-content')
    .fill('The Transfer button of SOLANR2611001 stays grey.');
  // An HTML page called .png is refused by its content, in the browser already.
  await drawer.getByTestId('ticket-image').setInputFiles({
    name: 'screen.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><html><body>not an image</body></html>'),
  });
  await expect(drawer.getByTestId('ticket-image-error')).toContainText('is not a PNG');
  await drawer.getByTestId('ticket-image').setInputFiles({
    name: 'screen.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(drawer.getByTestId('ticket-image-name')).toContainText('screen.png');
  await drawer.getByTestId('ticket-send').click();
  await expect(drawer.getByTestId('ticket-sent')).toContainText(/Your ticket #\d+ was sent/);
  await expect(page).toHaveURL(/\/releases$/);

  // Mailed to SUPPORT_EMAIL through the outbox, with the organisation and the image.
  let mail: SunkMail | undefined;
  await expect
    .poll(async () => {
      const messages = (await (
        await request.get(`${smtpSinkUrl}/messages?to=${supportDesk}`)
      ).json()) as SunkMail[];
      mail = messages.find((message) => message.subject.includes(title));
      return mail?.text ?? '';
    })
    .toContain('Image: screen.png (image/png');
  expect(mail!.text).toContain('Kempen Forwarding BV');
  const number = /\[SCR ticket #(\d+)\]/.exec(mail!.subject)![1]!;

  // Support finds it in the administration, with the image, and closes it.
  const desk = await signedInPage(browser, 'support@demo.test');
  await desk.getByTestId('cookie-accept').click();
  await desk.goto(`/admin?section=tickets&ticket=${number}`);
  const dialog = desk.getByTestId('ticket-dialog');
  await expect(dialog).toContainText(title);
  await expect(dialog.getByTestId('ticket-image-preview')).toBeVisible();
  await dialog.getByTestId('ticket-toggle-status').click();
  await expect(dialog).toContainText('Closed');
});
