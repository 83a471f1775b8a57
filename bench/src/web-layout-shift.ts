import type { Browser, BrowserContextOptions } from '@playwright/test';
import { firstOverviewItem, storageScript, waitForQuietNetwork } from './web-session.ts';

/** The two screens the overview's layout shift is measured on. */
export const overviewScreens = {
  desktop: { viewport: { width: 1440, height: 900 } },
  mobile: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  },
} satisfies Record<string, BrowserContextOptions>;

export type OverviewScreen = keyof typeof overviewScreens;

/** One layout shift the page recorded: when, how much, and what moved. */
interface Shift {
  startTime: number;
  value: number;
  hadRecentInput: boolean;
  sources: string[];
}

/**
 * Registered before the app's first script: keeps every `layout-shift` entry of the page (what
 * the browser reports as Cumulative Layout Shift), with a short description of the nodes moved.
 */
const recordShifts = `
  window.__layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__layoutShifts.push({
        startTime: entry.startTime,
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        sources: (entry.sources || []).map((source) => {
          const node = source.node;
          if (!node || !node.nodeName) return '(gone)';
          const id = node.getAttribute && (node.getAttribute('data-testid') || node.id);
          const cls = node.getAttribute && (node.getAttribute('class') || '').split(' ')[0];
          return node.nodeName.toLowerCase() + (id ? '#' + id : cls ? '.' + cls : '') +
            ' ' + Math.round(source.previousRect.y) + '→' + Math.round(source.currentRect.y);
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * Cumulative Layout Shift as Chromium's tools compute it: shifts without recent input, grouped
 * in session windows (a gap under 1 s, at most 5 s long); the largest window's sum.
 */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let largest = 0;
  let window = 0;
  let first = -Infinity;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.hadRecentInput) continue;
    if (shift.startTime - previous >= 1000 || shift.startTime - first >= 5000) {
      window = 0;
      first = shift.startTime;
    }
    window += shift.value;
    previous = shift.startTime;
    largest = Math.max(largest, window);
  }
  return largest;
}

/**
 * The overview's layout shift on one screen: a fresh context (cold cache) whose localStorage
 * holds a signed-in session opens `/`, and the shifts are read once the first BL is on screen
 * and the network has been quiet for 1.5 s (late chunks, the pager, the dashboard's charts).
 */
export async function overviewLayoutShift(
  browser: Browser,
  baseUrl: string,
  storage: Record<string, string>,
  screen: OverviewScreen,
): Promise<{ cls: number; shifts: Shift[] }> {
  const context = await browser.newContext(overviewScreens[screen]);
  try {
    await context.addInitScript({ content: storageScript(storage) });
    await context.addInitScript({ content: recordShifts });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.locator(firstOverviewItem).first().waitFor({ timeout: 30_000 });
    await waitForQuietNetwork(page, 1500);
    const shifts = (await page.evaluate('window.__layoutShifts')) as Shift[];
    return { cls: cumulativeLayoutShift(shifts), shifts };
  } finally {
    await context.close();
  }
}
