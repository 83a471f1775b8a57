import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { createApp, loadConfig, type PortalServer } from '@scr/server';
import { report, summarise, type Budget } from './stats.ts';
import { overviewLayoutShift, overviewScreens, type OverviewScreen } from './web-layout-shift.ts';
import { lighthouseRuns, type LighthouseFigures } from './web-lighthouse.ts';
import {
  chromiumArgs,
  firstOverviewItem,
  signedInStorage,
  signInThroughForm,
  waitForQuietNetwork,
} from './web-session.ts';

/** Debian's Chromium, as the journeys use it (DESIGN §7: nothing downloads a browser). */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface WebBudgets {
  /** Issue 15: the login page's JavaScript, gzip-compressed, at most this many kilobytes. */
  loginScriptKb: number;
  /** Issue 15: from sending the password to the overview's first row. */
  signIn: Budget;
  /** The signed-in overview's Cumulative Layout Shift, on each screen, at most this much. */
  overviewCls: number;
  /** Lighthouse's performance score of each page and preset, at least this much (0–100). */
  lighthouseScore: number;
}

export interface WebBenchOptions {
  /** Measured sign-ins, each in a fresh browser context (cold cache), after one warm-up. */
  rounds: number;
  /** Lighthouse runs of each page and preset (the median score is reported); 0 skips them. */
  lighthouseRuns: number;
  /** Where Lighthouse's reports are written (HTML and JSON), when set. */
  lighthouseReportDir?: string;
  /** Also lists each script of the login page and each layout shift's nodes. */
  verbose: boolean;
}

/**
 * A portal on the demo world (non-production, so the demo accounts are loaded) serving the built
 * web app of WEB_DIST (`packages/web/dist` unless set), on an embedded database of its own.
 */
async function startDemoPortal(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scr-bench-web-'));
  const env: Record<string, string | undefined> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    APP_ENV: 'bench',
    EXPIRY_JOB_INTERVAL_MS: '0',
    WEB_DIST: process.env.WEB_DIST,
  };
  const config = loadConfig(env);
  if (!existsSync(join(config.webDist, 'index.html'))) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`No built web app in ${config.webDist}: run \`npm run build\` first.`);
  }
  const portal: PortalServer = createApp(config);
  const { port } = await portal.start();
  await portal.ready;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One script the login page loaded: its address and gzip-encoded bytes on the wire. */
interface LoadedScript {
  url: string;
  encoding: string | undefined;
  bytes: number;
}

/**
 * The JavaScript a first visit to /login downloads, as Chromium receives it when it asks for
 * gzip only: every script response (entry, preloaded and lazily imported chunks) until the
 * network has been quiet for a second, with its encoded body size. The server sends the build's precompressed
 * `.gz` twins (a file too small to gain from compression has none and goes as it is).
 */
async function loginScripts(browser: Browser, baseUrl: string): Promise<LoadedScript[]> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    const page = await context.newPage();
    const responses: Promise<LoadedScript | Error>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      responses.push(
        (async () => ({
          url: response.url().replace(baseUrl, ''),
          encoding: (await response.allHeaders())['content-encoding'],
          bytes: (await response.request().sizes()).responseBodySize,
        }))().catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        ),
      );
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-email').waitFor();
    await waitForQuietNetwork(page);
    const scripts: LoadedScript[] = [];
    for (const script of await Promise.all(responses)) {
      if (script instanceof Error) throw script;
      scripts.push(script);
    }
    // The build leaves files too small to gain from compression without a twin: those go as
    // they are (counted as sent). Any other encoding means Chromium did not ask for gzip only.
    const other = scripts.filter((script) => script.encoding && script.encoding !== 'gzip');
    if (other.length > 0) {
      throw new Error(`scripts not sent gzip-encoded: ${other.map((s) => s.url).join(', ')}`);
    }
    return scripts;
  } finally {
    await context.close();
  }
}

/**
 * One sign-in in a fresh context: the login page is open, the e-mail given; the clock runs from
 * pressing Enter on the password to the first BL row of the overview on screen (the wallet's
 * unlock, the signed challenge, the session, the overview's code and its first page).
 */
async function timedSignIn(
  browser: Browser,
  baseUrl: string,
): Promise<{ total: number; signedIn: number }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    let start = 0;
    await signInThroughForm(page, () => (start = performance.now()));
    const signedIn = performance.now() - start;
    await page.locator(firstOverviewItem).first().waitFor({ timeout: 30_000 });
    return { total: performance.now() - start, signedIn };
  } finally {
    await context.close();
  }
}

/** One line of a figure against a ceiling or a floor; answers whether it holds. */
function line(name: string, figure: string, within: boolean | undefined, budget: string): boolean {
  const verdict = within === undefined ? '' : ` budget ${budget}: ${within ? 'ok' : 'EXCEEDED'}`;
  console.log(`${name.padEnd(48)} ${figure}${verdict}`);
  return within ?? true;
}

/** The signed-in overview's layout shift at desktop and phone size, against its budget. */
async function benchLayoutShift(
  browser: Browser,
  baseUrl: string,
  storage: Record<string, string>,
  budgets: WebBudgets | undefined,
  verbose: boolean,
): Promise<boolean> {
  let ok = true;
  for (const screen of Object.keys(overviewScreens) as OverviewScreen[]) {
    const { viewport } = overviewScreens[screen];
    const { cls, shifts } = await overviewLayoutShift(browser, baseUrl, storage, screen);
    const within = budgets ? cls <= budgets.overviewCls : undefined;
    const name = `[web] overview layout shift (CLS), ${screen} ${viewport.width}×${viewport.height}`;
    ok = line(name, cls.toFixed(3), within, `<=${budgets?.overviewCls}`) && ok;
    if (verbose) {
      for (const shift of shifts) {
        const when = `${shift.startTime.toFixed(0)} ms${shift.hadRecentInput ? ' (input)' : ''}`;
        console.log(`  ${shift.value.toFixed(4)} at ${when}: ${shift.sources.join(', ')}`);
      }
    }
  }
  return ok;
}

/** Lighthouse's performance score of the login page and the signed-in overview, each preset. */
async function benchLighthouse(
  baseUrl: string,
  storage: Record<string, string>,
  budgets: WebBudgets | undefined,
  options: WebBenchOptions,
): Promise<boolean> {
  const results = await lighthouseRuns(chromiumPath, baseUrl, storage, {
    runs: options.lighthouseRuns,
    reportDir: options.lighthouseReportDir,
  });
  let ok = true;
  for (const { page, preset, runs } of results) {
    // The run of median score, so that its metrics are one run's (n odd: the middle one).
    const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)];
    if (!median) continue;
    const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
    const metrics = (run: LighthouseFigures) =>
      `FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, SI ${ms(run.speedIndex)}, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}; machine ${run.benchmarkIndex.toFixed(0)}`;
    const scores = runs.length > 1 ? ` of ${runs.map((run) => run.score).join(', ')}` : '';
    const within = budgets ? median.score >= budgets.lighthouseScore : undefined;
    ok =
      line(
        `[web] Lighthouse ${page}, ${preset}`,
        `performance ${median.score}${scores} (${metrics(median)})`,
        within,
        `>=${budgets?.lighthouseScore}`,
      ) && ok;
  }
  return ok;
}

/**
 * Issue 15's web line, measured in Chromium against a portal on the demo world: the login page's
 * gzip-compressed JavaScript, sign-in to the first overview row (the median), the signed-in
 * overview's layout shift at desktop and phone size, and Lighthouse's performance score of the
 * login page and the overview with its desktop and mobile presets. Answers whether every budget
 * given holds.
 */
export async function benchWeb(
  budgets: WebBudgets | undefined,
  options: WebBenchOptions,
): Promise<boolean> {
  if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath} (CHROMIUM_PATH)`);
  const portal = await startDemoPortal();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const scripts = await loginScripts(browser, portal.baseUrl);
    const kb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
    const gzipped = scripts.filter((script) => script.encoding === 'gzip').length;
    const sizeOk = line(
      '[web] login page JavaScript (gzip)',
      `${scripts.length} scripts (${gzipped} gzip) ${kb.toFixed(1)} KB`,
      budgets ? kb <= budgets.loginScriptKb : undefined,
      `<=${budgets?.loginScriptKb} KB`,
    );
    if (options.verbose) {
      for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
        console.log(`  ${(script.bytes / 1024).toFixed(1).padStart(7)} KB ${script.url}`);
      }
    }
    await timedSignIn(browser, portal.baseUrl);
    const samples: { total: number; signedIn: number }[] = [];
    for (let i = 0; i < options.rounds; i += 1) {
      samples.push(await timedSignIn(browser, portal.baseUrl));
    }
    // Where the time goes: the sign-in itself (wallet unlock, challenge, session) up to the
    // overview's frame, without budget; then the whole line, with it.
    report('[web] sign-in to the overview page', summarise(samples.map((s) => s.signedIn)));
    const signInOk = report(
      '[web] sign-in to the first overview row',
      summarise(samples.map((s) => s.total)),
      budgets?.signIn,
    );
    const storage = await signedInStorage(browser, portal.baseUrl);
    const clsOk = await benchLayoutShift(
      browser,
      portal.baseUrl,
      storage,
      budgets,
      options.verbose,
    );
    const lighthouseOk =
      options.lighthouseRuns > 0
        ? await benchLighthouse(portal.baseUrl, storage, budgets, options)
        : true;
    return sizeOk && signInOk && clsOk && lighthouseOk;
  } finally {
    await browser.close();
    await portal.stop();
  }
}
