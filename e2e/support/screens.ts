import type { TestInfo } from '@playwright/test';
import type { Browser, Page } from './test.ts';
import { signIn } from './releases.ts';

/** A window size a journey looks at the portal in. */
export interface Viewport {
  width: number;
  height: number;
}

/** A browser of its own at `viewport`, in English, signed in as `email` (landing on `landing`). */
export async function signedInAt(
  browser: Browser,
  email: string,
  viewport: Viewport,
  landing?: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
  const page = await context.newPage();
  await signIn(page, email, landing);
  return page;
}

/** A screenshot kept with the test's results (the output folder and the report). */
export async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
