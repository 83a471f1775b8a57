import { expect, type Page } from '@playwright/test';

/**
 * Opens a page from the top bar's navigation as a person does: its link where it shows on the
 * bar, else from under More (the links that do not fit go there, `navigation-links.tsx`).
 */
export async function openFromNavigation(page: Page, testId: string): Promise<void> {
  const navigation = page.getByTestId('main-navigation');
  const link = navigation.getByTestId(testId);
  const more = navigation.getByTestId('navigation-more');
  await expect(link.or(more).first()).toBeVisible();
  if (await link.isVisible()) {
    await link.click();
    return;
  }
  await more.click();
  await page.getByTestId('navigation-more-menu').getByTestId(testId).click();
}
