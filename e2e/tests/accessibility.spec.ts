import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test.ts';
import { signIn } from '../support/releases.ts';
import { chooseBlAction } from '../support/custody.ts';
import { adminSections } from '../../packages/web/src/features/admin/admin-sections.ts';

// Issue 15 acceptance: an axe-core check of the login, overview, create dialog, audit trail and
// administration pages finds no serious or critical violation (WCAG 2.1 A and AA rules).
// The overview is checked as a first visit shows it: its dashboard's charts included.
test.use({ dashboard: 'as-the-portal-opens-it' });

// The demo users have preferred languages; an explicit choice on this browser keeps English.
test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

/**
 * Runs axe on the page as it is now; a serious or critical violation fails, listed in full.
 *
 * Two of axe's own settings make a check cost a quarter of what it did (issue 10 §7: 0.9 instead
 * of 3.8 core-seconds of the browser and Playwright, six of each taken in turns on the overview;
 * the same rules, the same 48 passes and 2 incomplete): `setLegacyMode` runs axe in the page
 * itself instead of gathering its results in a blank page, which opened a page and evaluated
 * axe's 550 kB there at every check (axe then skips cross-origin frames, and its `frame-tested`
 * rule names any; the portal's pages have none), and `resultTypes` keeps the nodes of the
 * violations only, the one result read here (passes keep one node each).
 */
async function expectAccessible(page: Page, what: string) {
  // No wait for MUI's enter transitions: the journeys prefer reduced motion (playwright.config),
  // so a dialog is there at full contrast at once (app/theme.ts, reducedMotionTheme).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const grave = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  const report = grave.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      html: node.html.slice(0, 200),
      summary: node.failureSummary,
    })),
  }));
  if (report.length > 0) console.log(`axe: ${what}\n${JSON.stringify(report, null, 2)}`);
  // Soft: the journey goes on, so one run lists every page's violations.
  expect.soft(report, `serious or critical accessibility violations on ${what}`).toEqual([]);
}

test('the login page, the overview and the audit trail dialog', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toHaveAttribute('data-step', 'email');
  await expectAccessible(page, 'the login page (e-mail)');
  await page.getByTestId('login-email').fill('forwarder@demo.test');
  await page.getByTestId('login-email').press('Enter');
  await expect(page.getByTestId('login-form')).toHaveAttribute('data-step', 'password');
  await expectAccessible(page, 'the login page (password)');

  await signIn(page, 'forwarder@demo.test');
  await expect(page.getByTestId('bl-row-SOLANR2611001')).toBeVisible();
  await expectAccessible(page, 'the overview, by BL');
  await page.getByTestId('tab-container').click();
  await expect(page.getByTestId('container-row-SOLU4217762')).toBeVisible();
  await expectAccessible(page, 'the overview, per container');

  await page.getByTestId('tab-bl').click();
  await chooseBlAction(page, 'SOLANR2611001', 'auditTrail');
  const trail = page.getByTestId('audit-trail-dialog');
  await expect(trail.getByTestId('audit-trail-row').first()).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'the audit trail dialog');
});

test('the carrier’s create dialog', async ({ page }) => {
  await signIn(page, 'carrier@demo.test');
  await page.getByTestId('create-release-menu').click();
  await page.getByTestId('create-single').click();
  const dialog = page.getByTestId('create-release-dialog');
  await expect(dialog.getByTestId('create-blNumber')).toBeVisible();
  await expectAccessible(page, 'the create dialog');
  // With the messages shown under the fields.
  await dialog.getByTestId('create-submit').click();
  await expect(dialog.locator('.Mui-error').first()).toBeVisible();
  await expectAccessible(page, 'the create dialog with its messages');
});

test('every administration section (support sees them all)', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'support@demo.test');
  await page.goto('/admin');
  // From section to section through the administration's own navigation, as support moves
  // between them: a load of the whole portal for each took about a core-second more.
  for (const section of adminSections) {
    await page.getByTestId(`admin-nav-${section}`).click();
    const shown = page.getByTestId(`admin-section-${section}`);
    await expect(shown).toBeVisible();
    // The section's list has loaded (its progress bar is gone).
    await expect(shown.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(page, `administration: ${section}`);
  }
});
