import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { createApp, loadConfig, type PortalServer } from '@scr/server';
import { report, summarise, type Budget } from './stats.ts';

/** Debian's Chromium, as the journeys use it (DESIGN §7: nothing downloads a browser). */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The demo account signed in, and the demo BL its overview lists (demo-releases.ts). */
const demoUser = 'forwarder@demo.test';
const demoPassword = 'demo-password';

export interface WebBudgets {
  /** Issue 15: the login page's JavaScript, gzip-compressed, at most this many kilobytes. */
  loginScriptKb: number;
  /** Issue 15: from sending the password to the overview's first row. */
  signIn: Budget;
}

export interface WebBenchOptions {
  /** Measured sign-ins, each in a fresh browser context (cold cache), after one warm-up. */
  rounds: number;
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
 * network is idle, with its encoded body size. The server sends the build's precompressed
 * `.gz` twins (a file too small to gain from compression has none and goes as it is).
 */
async function loginScripts(browser: Browser, baseUrl: string): Promise<LoadedScript[]> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    const page = await context.newPage();
    const responses: Promise<LoadedScript>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      responses.push(
        (async () => ({
          url: response.url().replace(baseUrl, ''),
          encoding: (await response.allHeaders())['content-encoding'],
          bytes: (await response.request().sizes()).responseBodySize,
        }))(),
      );
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-email').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(responses);
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
    const form = page.getByTestId('login-form');
    await page.getByTestId('login-email').fill(demoUser);
    await page.getByTestId('login-email').press('Enter');
    await form.and(page.locator('[data-step="password"]')).waitFor();
    await page.getByTestId('login-password').fill(demoPassword);
    const start = performance.now();
    await page.getByTestId('login-password').press('Enter');
    await page.getByTestId('releases-page').waitFor({ timeout: 30_000 });
    const signedIn = performance.now() - start;
    await page.locator('[data-testid^="bl-row-"]').first().waitFor({ timeout: 30_000 });
    return { total: performance.now() - start, signedIn };
  } finally {
    await context.close();
  }
}

/**
 * Issue 15's web line, measured in Chromium against a portal on the demo world: the login page's
 * gzip-compressed JavaScript (budget 250 KB) and sign-in to the first overview row (budget: the
 * median at most 1 s). Answers whether every budget given holds.
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
    const sizeOk = !budgets || kb <= budgets.loginScriptKb;
    const verdict = budgets
      ? ` budget <=${budgets.loginScriptKb} KB: ${sizeOk ? 'ok' : 'EXCEEDED'}`
      : '';
    console.log(
      `${'[web] login page JavaScript (gzip)'.padEnd(48)} ${scripts.length} scripts (${gzipped} gzip) ${kb.toFixed(1)} KB${verdict}`,
    );
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
    return sizeOk && signInOk;
  } finally {
    await browser.close();
    await portal.stop();
  }
}
