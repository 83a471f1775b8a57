import { expect, test } from '../support/test.ts';
import {
  pickTerminal,
  signedInPage,
  snackbar,
  uniqueBl,
  uniqueContainer,
} from '../support/releases.ts';
import { openFromNavigation } from '../support/navigation.ts';

/** A small PDF: the server checks a request's files by content (DESIGN §3). */
const letterOfIndemnity = {
  name: 'letter-of-indemnity.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
};

// Issue 12 item 3; releases spec §2, §3, §5 and §7 `requests-for-release`; access spec §9: the
// demo forwarder's subscription 11 lists the demo carrier (demo-organizations.ts).
test('a forwarder sends a request for release and the carrier sees it and creates the release from it', async ({
  browser,
}, testInfo) => {
  const bl = uniqueBl('RFR');
  const containers = [uniqueContainer(), uniqueContainer()];

  const forwarder = await signedInPage(browser, 'forwarder@demo.test');
  // At the browser's 1280 pixels the forwarder's last pages are under the top bar's More.
  await openFromNavigation(forwarder, 'nav-requests-for-release');
  await forwarder.getByTestId('rfr-new').click();
  const form = forwarder.getByTestId('rfr-form-dialog');
  // The only carrier offered is chosen already.
  await expect(form.getByTestId('rfr-carrier')).toHaveText('Scheldt Ocean Line NV');
  await form.getByTestId('rfr-send').click();
  await expect(form).toContainText('Please provide a BL number');
  await form.getByTestId('rfr-blNumber').fill(bl);
  await form.getByTestId('rfr-containersRaw').fill(`${containers[0]}\n${containers[1]}`);
  await expect(form).toContainText(`Containers: ${containers.join(', ')}`);
  await form.getByTestId('rfr-reference').fill('PO-4471');
  await form.getByTestId('rfr-invoiceNumber').fill('INV 2026/118');
  await form.getByTestId('rfr-add-letterOfIndemnity').setInputFiles(letterOfIndemnity);
  await expect(form.getByTestId('rfr-file-0')).toContainText('letter-of-indemnity.pdf');
  await forwarder.screenshot({ path: testInfo.outputPath('request-form.png') });
  await form.getByTestId('rfr-send').click();
  await expect(form).toBeHidden();
  await expect(
    snackbar(forwarder, 'Request for release sent to Scheldt Ocean Line NV.'),
  ).toBeVisible();
  const sent = forwarder.getByTestId(`rfr-row-${bl}`);
  await expect(sent).toContainText('Open');
  await expect(sent).toContainText('0 of 2 released');

  // The carrier sees the request addressed to it, opens the letter, and answers it.
  const carrier = await signedInPage(browser, 'carrier@demo.test');
  await openFromNavigation(carrier, 'nav-requests-for-release');
  const received = carrier.getByTestId(`rfr-row-${bl}`);
  await expect(received).toContainText('Kempen Forwarding BV');
  await expect(received).toContainText('PO-4471');
  const download = carrier.waitForEvent('download');
  await received.getByRole('button', { name: 'Open letter-of-indemnity.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('letter-of-indemnity.pdf');

  await received.getByRole('button', { name: 'Create release' }).click();
  const dialog = carrier.getByTestId('create-release-dialog');
  await expect(dialog).toContainText(`Create a release for BL ${bl}`);
  await expect(dialog.getByTestId('create-blNumber')).toHaveValue(bl);
  await expect(dialog.getByTestId('create-containerNumber')).toHaveValue(containers[0]!);
  await pickTerminal(carrier, dialog.getByTestId('create-pickupLocation'), '174', /1742/, '1742');
  await carrier.screenshot({ path: testInfo.outputPath('answer-dialog.png') });
  await dialog.getByTestId('create-submit').click();
  await expect(dialog).toBeHidden();
  await expect(received).toContainText('Answered');
  await expect(received).toContainText('1 of 2 released');
  await carrier.screenshot({ path: testInfo.outputPath('carrier-list.png') });

  // The release is the carrier's, like any it creates; the forwarder sees its request answered.
  await openFromNavigation(carrier, 'nav-releases');
  await expect(carrier.getByText(bl)).toBeVisible();
  await forwarder.reload();
  await expect(forwarder.getByTestId(`rfr-row-${bl}`)).toContainText('Answered');
});
