import { expect, test, type Page } from '../support/test.ts';
import { signedInPage } from '../support/releases.ts';
import { openFromNavigation } from '../support/navigation.ts';

/*
 * Issue 12 item 4, access spec §2 "Documents", §4 "Documents" and §5 (document search): the two
 * demo forwarders (connected, both with canDocuments) pass a transport order between them.
 * Delta Customs & Logistics (forwarder2@) fills it in, its form checked against the type's
 * JSON Schema, and shares the draft; Kempen Forwarding (forwarder@) finds it by a case-insensitive
 * search, sees it read-only and accepts it; the sender then sees it accepted.
 */

const reference = `E2E-TO-${Date.now().toString(36).toUpperCase()}`;

const field = (page: Page, id: string) => page.locator(`#document_${id}`);

async function openDocuments(page: Page) {
  // The cookie banner would cover the form's buttons at the bottom of the page.
  await page.getByTestId('cookie-decline').click();
  await openFromNavigation(page, 'nav-documents');
  await expect(page.getByTestId('documents-page')).toBeVisible();
}

test('create, share and accept a document between two organisations', async ({ browser }) => {
  const sender = await signedInPage(browser, 'forwarder2@demo.test');
  await openDocuments(sender);
  await sender.getByTestId('document-new').click();
  await sender.getByTestId('document-new-transport-order').click();
  const screen = sender.getByTestId('document-screen');
  await expect(screen).toContainText('Transport order');

  // The form refuses what the type's JSON Schema refuses, before anything is sent.
  await screen.getByTestId('document-save').click();
  // Access spec §5 "Generic form messages", as every form of the portal says them.
  await expect(screen).toContainText('Please provide a Reference');
  await expect(screen).toContainText('Please provide a BL number');
  await field(sender, 'reference').fill(reference);
  await screen.getByLabel('Import').check();
  await field(sender, 'blNumber').fill('SOLANR2611001');
  await screen.getByRole('button', { name: 'Add a container' }).click();
  await field(sender, 'containers_0_containerNumber').fill('MSCU12');
  await screen.getByTestId('document-save').click();
  await expect(screen).toContainText('Container number is not in the expected format');
  await field(sender, 'containers_0_containerNumber').fill('MSCU1234567');
  await screen.getByTestId('document-save').click();
  await expect(screen.getByTestId('document-status')).toHaveText('Draft');
  await expect(sender).toHaveURL(/\/documents\?id=\d+$/);

  // Access spec §4: share is allowed on a draft, with a connected organisation.
  await screen.getByTestId('document-share').click();
  const dialog = sender.getByTestId('share-dialog');
  await dialog.getByTestId('share-target').click();
  await sender.getByRole('option', { name: 'Kempen Forwarding BV' }).click();
  await dialog.getByTestId('share-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(screen.getByTestId('document-status')).toHaveText('To be accepted');
  await expect(screen.getByTestId('document-parties')).toContainText('to Kempen Forwarding BV');
  await expect(screen.getByTestId('document-save')).toHaveCount(0);
  await expect(screen.getByTestId('document-accept')).toHaveCount(0);

  // The receiver finds it by any part of its text, in any case (access spec §5).
  const receiver = await signedInPage(browser, 'forwarder@demo.test');
  await openDocuments(receiver);
  await receiver.getByTestId('documents-search').fill(reference.toLowerCase().slice(3));
  const row = receiver.getByTestId('document-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(reference);
  await expect(row.getByTestId('document-status')).toHaveText('To be accepted');
  await row.click();

  // Read-only for the other organisation; accept and reject are the receiver's (§4).
  const received = receiver.getByTestId('document-screen');
  await expect(received.getByTestId('document-read-only')).toBeVisible();
  await expect(field(receiver, 'reference')).toBeDisabled();
  await expect(received.getByTestId('document-save')).toHaveCount(0);
  await received.getByTestId('document-accept').click();
  await receiver.getByTestId('document-decision-confirm').click();
  await expect(received.getByTestId('document-status')).toHaveText('Accepted');
  await expect(received.getByTestId('document-reject')).toHaveCount(0);

  await sender.reload();
  await expect(sender.getByTestId('document-status')).toHaveText('Accepted');
});
