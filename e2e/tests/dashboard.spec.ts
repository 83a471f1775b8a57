import { addDays, todayInBrussels } from '@scr/domain';
import { expect, test } from '../support/test.ts';
import { forwarder2Name, forwarderName } from '../support/demo.ts';
import { signedInPage, uniqueBl, uniqueContainer } from '../support/releases.ts';
import { pinTerminal, transferTo } from '../support/custody.ts';
import { publishReleases, signInThroughApi, transferThroughApi } from '../support/chain-setup.ts';

// The dashboard as a first visit shows it: open, for a user whose plan has it.
test.use({ dashboard: 'as-the-portal-opens-it' });

test('the forwarder reads the dashboard, filters by a slice, selects all that match and transfers them', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The carrier publishes twelve releases expiring in three days and passes them to forwarder@,
  // through the API (the upload and the transfer dialog have journeys of their own): the
  // dashboard's "Expires in 2 to 5 days" slice holds them and no demo release.
  const bl = uniqueBl('DSH');
  const containers = Array.from({ length: 12 }, () => uniqueContainer());
  const carrier = await signInThroughApi(request, 'carrier@demo.test');
  const validUntil = addDays(todayInBrussels(), 3);
  const addresses = await publishReleases(
    carrier,
    containers.map((container, i) => ({
      bl,
      container,
      pickupLocation: pinTerminal,
      pincode: String(610_000 + i),
      validUntil,
    })),
  );
  await transferThroughApi(carrier, addresses, forwarderName);

  const page = await signedInPage(browser, 'forwarder@demo.test');
  const dashboard = page.getByTestId('dashboard');
  const validity = dashboard.getByTestId('dashboard-chart-valid');
  await expect(validity).toBeVisible({ timeout: 30_000 });
  const slice = validity.getByTestId('dashboard-slice-valid-expiresIn5');
  await expect(slice).toHaveText('Expires in 2 to 5 days · 12');
  // A click on the pie's arc itself (the slices keep the spec's order: expired, by tomorrow,
  // in 2 to 5 days, later; the arc's index is its place among the slices shown).
  const shown = await validity
    .locator('[data-testid^="dashboard-slice-valid-"]')
    .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-testid')));
  const arc = validity
    .locator(`path[data-index="${shown.indexOf(await slice.getAttribute('data-testid'))}"]`)
    .first();
  // A synthetic click: the arcs animate and grow under the pointer, so they are never "stable".
  await arc.dispatchEvent('click');
  const banner = page.getByTestId('results-banner');
  await expect(banner).toContainText('Showing results for Validity: Expires in 2 to 5 days');
  await expect(slice).toHaveAttribute('aria-pressed', 'true');
  // The BL table shows only that BL; a second click shows everything again, a third filters.
  await expect(page.getByTestId(`bl-row-${bl}`)).toBeVisible();
  await expect(page.getByTestId('bl-row-SOLANR2611001')).toBeHidden();
  await arc.dispatchEvent('click');
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('bl-row-SOLANR2611001')).toBeVisible();
  await slice.click();
  await expect(banner).toContainText('Validity: Expires in 2 to 5 days');

  const transferred = dashboard.getByTestId('dashboard-slice-transferStatus-transferred');
  const countOf = async () => Number((await transferred.innerText()).split('·')[1]);
  const transferredBefore = await countOf();

  // The flat view, one row ticked: select all twelve that match, and transfer them on.
  await page.getByTestId('tab-container').click();
  const first = page.getByTestId(`container-row-${containers[0]}`);
  await first.getByRole('checkbox').check();
  const offer = page.getByTestId('select-all-matching');
  await expect(offer).toContainText('1 release selected.');
  await offer.getByTestId('select-all-matching-button').click();
  await expect(offer).toContainText('All 12 releases that match are selected, on every page.');
  await expect(page.getByText('Show selected containers (12)')).toBeVisible();
  await page.getByTestId('selection-actions-arrow').click();
  await page.getByTestId('release-action-transfer').click();
  const toForwarder2 = await transferTo(page, forwarder2Name);
  await expect(toForwarder2.succeeded).toContainText('12 releases transferred');
  await toForwarder2.dialog.getByTestId('custody-close').click();

  // The dashboard follows: twelve more passed on; Show all clears the filter.
  await expect(transferred).toHaveText(`Transferred · ${transferredBefore + 12}`);
  await page.getByTestId('results-show-all').click();
  await expect(banner).toBeHidden();
  await expect(dashboard.getByTestId('dashboard-slice-valid-expiresIn5')).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});
