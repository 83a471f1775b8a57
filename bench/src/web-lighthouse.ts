import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromiumArgs, storageScript } from './web-session.ts';

/** The pages Lighthouse measures: the login page as a first visit, the overview signed in. */
export type LighthousePage = 'login' | 'overview';
/** Lighthouse's presets: `desktop` (its desktop config), `mobile` (its default config). */
export type LighthousePreset = 'desktop' | 'mobile';

/** One Lighthouse run's figures: the performance score (0–100) and the metrics behind it. */
export interface LighthouseFigures {
  score: number;
  /** First and largest contentful paint, speed index and total blocking time, in ms. */
  fcp: number;
  lcp: number;
  speedIndex: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of the machine's speed (a loaded machine scores lower). */
  benchmarkIndex: number;
}

function figures(lhr: Result): LighthouseFigures {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    speedIndex: metric('speed-index'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Before the signed-in overview is measured, the Chromium Lighthouse drives is given the
 * session (its localStorage entries, through a page of the origin) and its HTTP cache is
 * emptied, so the overview loads signed in and cold. Lighthouse's own storage reset is off for
 * that run, since it would sign the browser out.
 */
async function prepareSignedIn(port: number, baseUrl: string, storage: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Lighthouse’s Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(storageScript(storage));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
  } finally {
    // A browser reached over CDP is only disconnected: Lighthouse's Chromium stays up.
    await browser.close();
  }
}

export interface LighthouseOptions {
  /** Runs of each page and preset; the line reports the run of median score. */
  runs: number;
  /** When set, each run's report is written there as HTML (`<page>-<preset>-<n>.html`). */
  reportDir?: string;
}

/**
 * Lighthouse's performance category for the login page (a first visit: Lighthouse clears the
 * origin's storage and cache) and the signed-in overview, each with the desktop and the mobile
 * preset, in Debian's Chromium launched headless by chrome-launcher (nothing is downloaded).
 */
export async function lighthouseRuns(
  chromePath: string,
  baseUrl: string,
  storage: Record<string, string>,
  options: LighthouseOptions,
): Promise<{ page: LighthousePage; preset: LighthousePreset; runs: LighthouseFigures[] }[]> {
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...chromiumArgs] });
  if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });
  try {
    const results = [];
    for (const page of ['login', 'overview'] as const) {
      for (const preset of ['desktop', 'mobile'] as const) {
        const runs: LighthouseFigures[] = [];
        for (let run = 1; run <= options.runs; run += 1) {
          if (page === 'overview') await prepareSignedIn(chrome.port, baseUrl, storage);
          const flags: Flags = {
            port: chrome.port,
            logLevel: 'error',
            output: 'html',
            onlyCategories: ['performance'],
            disableStorageReset: page === 'overview',
          };
          const url = page === 'login' ? `${baseUrl}/login` : `${baseUrl}/`;
          const config = preset === 'desktop' ? desktopConfig : undefined;
          // A trace Lighthouse could not read (NO_NAVSTART on a loaded machine) is taken again,
          // as Lighthouse itself advises, twice at most.
          let result = await lighthouse(url, flags, config);
          for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) {
            if (page === 'overview') await prepareSignedIn(chrome.port, baseUrl, storage);
            result = await lighthouse(url, flags, config);
          }
          if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
          if (result.lhr.runtimeError) {
            throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
          }
          runs.push(figures(result.lhr));
          if (options.reportDir) {
            const report = Array.isArray(result.report) ? result.report[0] : result.report;
            writeFileSync(join(options.reportDir, `${page}-${preset}-${run}.html`), report ?? '');
            writeFileSync(
              join(options.reportDir, `${page}-${preset}-${run}.json`),
              JSON.stringify(result.lhr),
            );
          }
        }
        results.push({ page, preset, runs });
      }
    }
    return results;
  } finally {
    chrome.kill();
  }
}
