import { expect, test, type Page } from '../support/test.ts';
import { showColumn, signIn } from '../support/releases.ts';

/**
 * Releases spec §2 tab 2 at 1440×900: every role's default columns fit the window whole (no
 * sideways scrolling, no column under the pinned ones); once a user shows more, the table says
 * it scrolls sideways and the pinned edge casts its shadow.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
});

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  /** Each header cell's left edge, width and whether it is pinned. */
  headers: { text: string; x: number; width: number; pinned: boolean }[];
}

async function layoutOf(page: Page): Promise<Layout> {
  const container = page.getByTestId('container-table').locator('.MuiTableContainer-root');
  const size = await container.evaluate((element) => {
    const box = element as unknown as { scrollWidth: number; clientWidth: number };
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
  const cells = page.getByTestId('container-table').locator('thead th');
  const headers = [];
  for (let i = 0; i < (await cells.count()); i++) {
    const cell = cells.nth(i);
    const box = (await cell.boundingBox())!;
    headers.push({
      text: (await cell.innerText()).replace(/\s+/g, ' ').trim(),
      x: box.x,
      width: box.width,
      pinned: (await cell.getAttribute('data-pinned')) === 'true',
    });
  }
  return { ...size, headers };
}

for (const who of ['haulier', 'forwarder', 'carrier']) {
  test(`1440×900: the ${who}’s default container columns fit whole, none under the pinned ones`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, `${who}@demo.test`);
    await page.goto('/releases?view=container');
    await page.getByTestId('container-table').locator('tbody tr').first().waitFor();

    const layout = await layoutOf(page);
    expect(layout.scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(layout.clientWidth + 1);
    // Side by side in order: each header starts where the one before it ends.
    for (let i = 1; i < layout.headers.length; i++) {
      const before = layout.headers[i - 1]!;
      const header = layout.headers[i]!;
      expect(header.x, `${header.text} starts after ${before.text}`).toBeGreaterThanOrEqual(
        before.x + before.width - 1,
      );
    }
    await expect(page.getByTestId('table-scroll-hint')).toHaveCount(0);
  });
}

test('1440×900: with more columns shown the table says it scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'forwarder@demo.test');
  await page.goto('/releases?view=container');
  await page.getByTestId('container-table').locator('tbody tr').first().waitFor();
  for (const header of [
    'Vessel',
    'Valid from',
    'Turn-in location (truck)',
    'Turn-in reference (truck)',
  ]) {
    await showColumn(page, header);
  }
  const container = page.getByTestId('container-table').locator('.MuiTableContainer-root');
  await expect(page.getByTestId('table-scroll-hint')).toHaveText('More columns: scroll sideways');
  await expect(container).toHaveAttribute('data-overflow-right', 'true');
  await expect(container).toHaveAttribute('data-overflow-left', 'false');
  // Scrolled to the end, the hidden columns now lie to the left.
  await container.evaluate((element) => {
    const box = element as unknown as { scrollLeft: number; scrollWidth: number };
    box.scrollLeft = box.scrollWidth;
  });
  await expect(container).toHaveAttribute('data-overflow-left', 'true');
  await expect(container).toHaveAttribute('data-overflow-right', 'false');
});
