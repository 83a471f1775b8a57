import { expect, type Page } from '@playwright/test';

/**
 * Opens a page from the top bar's navigation as a person does: its link where it shows on the
 * bar, else from under More (the links that do not fit go there, `navigation-links.tsx`).
 *
 * A link can move under More just after the page shows: the version badge and the support box
 * arrive a moment later and take room. A click on a link that left the bar falls back to More.
 */
export async function openFromNavigation(page: Page, testId: string): Promise<void> {
  const navigation = page.getByTestId('main-navigation');
  const link = navigation.getByTestId(testId);
  const more = navigation.getByTestId('navigation-more');
  await expect(link.or(more).first()).toBeVisible();
  if (await link.isVisible()) {
    const clicked = await link.click({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (clicked) return;
  }
  await more.click();
  await page.getByTestId('navigation-more-menu').getByTestId(testId).click();
}
