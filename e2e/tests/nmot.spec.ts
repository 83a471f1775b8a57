import { expect, test, type Page } from '../support/test.ts';
import { search, showColumn, signedInPage } from '../support/releases.ts';

// Demo BL SOLANR2611002 (demo-releases.ts): passed carrier → forwarder@'s organisation → haulier@'s.
const container = 'SOLU7332559';

/** The hidden-by-default "Next mode of transport" column (releases spec §2, §7 `nmots`). */
const showNmotColumn = (page: Page) => showColumn(page, 'Next mode of transport');

test('the haulier sets the next mode of transport of a container; the chain sees it', async ({
  browser,
}, testInfo) => {
  const haulier = await signedInPage(browser, 'haulier@demo.test');
  await haulier.getByTestId('tab-container').click();
  await search(haulier, container);
  const row = haulier.getByTestId(`container-row-${container}`);
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await haulier.getByTestId('selection-actions-arrow').click();
  await haulier.getByTestId('release-action-nmot').click();

  const dialog = haulier.getByTestId('nmot-confirm-dialog');
  await expect(dialog).toContainText('How will this container leave the terminal?');
  await dialog.getByLabel('Rail').check();
  await haulier.screenshot({ path: testInfo.outputPath('nmot-dialog.png') });
  await dialog.getByTestId('nmot-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(
    haulier.getByText('Next mode of transport set to Rail for 1 release.'),
  ).toBeVisible();

  await showNmotColumn(haulier);
  await expect(row).toContainText('Rail');

  // The forwarder passed it on: it sees the same choice, and may not change it.
  const forwarder = await signedInPage(browser, 'forwarder@demo.test');
  await forwarder.getByTestId('tab-container').click();
  await search(forwarder, container);
  await showNmotColumn(forwarder);
  await expect(forwarder.getByTestId(`container-row-${container}`)).toContainText('Rail');
});
