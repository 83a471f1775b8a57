import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { portalCount, portalsHealthUrl, portalUrl } from './support/portals.ts';

/**
 * The journeys' browser is Debian's `chromium-headless-shell`, the "old headless" build that
 * Playwright itself runs for headless Chromium: no browser window, address bar or tab strip
 * behind each page. Against Debian's full `chromium` in its headless mode it took 2 to 11% less
 * of the machine's CPU for the same journeys (issue 10 §7: a small gain, measured on a noisy
 * machine). CHROMIUM_PATH=/usr/bin/chromium runs them in the full browser.
 *
 * For the full browser: Chromium keeps only the last `--disable-features`, so ours repeats the
 * list Playwright passes (`chromiumSwitches.ts` of the pinned @playwright/test 1.65.1; compare it
 * on an upgrade) and adds the WebUI omnibox popup: since Chromium 151 every new window, headless
 * too, prerenders the address bar's popup in a renderer of its own (the headless shell has none).
 */
const disabledFeatures = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades'],
  ...['HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding'],
  ...['ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect'],
  ...['TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled'],
  ...['PreconnectToSearch', 'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion'],
  ...['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'],
];
const playwrightVersion = createRequire(import.meta.url)('@playwright/test/package.json').version;
if (playwrightVersion !== '1.65.1') {
  throw new Error(
    `@playwright/test ${playwrightVersion}: compare disabledFeatures in e2e/playwright.config.ts with its chromiumSwitches.ts, then update the version here.`,
  );
}

/**
 * The portal's pages in the journeys live for seconds: V8 compiles their hot code with Maglev and
 * stops there, without TurboFan, whose compile work never paid back on such short lives. Four
 * journey files took about 5% less CPU with it (81 against 85 core-seconds, four runs each, taken
 * in turns; each pair lower); with Sparkplug only (`--max-opt=1`) they took as much as before.
 * This changes how fast the browser runs the portal's code, not what the code does.
 */
const javascriptEngine = '--js-flags=--max-opt=2';

/** Debian's Chromium headless shell; Playwright never downloads a browser here (DESIGN §7). */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install it with: apt-get -o DPkg::Lock::Timeout=300 install -y chromium-headless-shell`,
  );
}

// Each run gets its own embedded databases, one per portal, loaded with the demo world at start,
// in a temporary folder that serve-portals removes when the run ends (about 85 MB a run), or in
// E2E_DATA_DIR, kept. Playwright reads this file again in every worker, which inherits the
// runner's environment: the variable set here keeps them from making folders of their own.
// The folder is in memory (`/dev/shm`) where the machine has it, as the API tests' are: a portal's
// first start there took 1 s less, and each of PGlite's file calls less of the kernel's time.
const keptDataRoot = process.env.E2E_DATA_DIR;
const tempRoot = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const dataRoot = keptDataRoot ?? mkdtempSync(join(tempRoot, 'scr-e2e-'));
process.env.E2E_DATA_DIR = dataRoot;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Journeys of one file run in order on one worker; files spread over the workers, each worker
  // with its portal (support/portals.ts, support/test.ts).
  fullyParallel: false,
  workers: portalCount,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    baseURL: portalUrl(0),
    // A failing journey leaves its screenshots and error-context.md (the page's accessibility
    // tree at the failure). No trace by default: recording one for every journey took a third
    // of Chromium's CPU with its film strip, and a seventh without (issue 10). For a trace of a
    // failure: npx playwright test -c e2e/playwright.config.ts --trace retain-on-failure
    trace: 'off',
    screenshot: 'only-on-failure',
    // The journeys' user prefers reduced motion (the portal honours it: app/theme.ts): nothing
    // waits on a transition, and no spinner repaints frame after frame. shell.spec.ts checks
    // both settings.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--disable-features=${disabledFeatures.join(',')}`,
        javascriptEngine,
      ],
    },
  },
  // The SMTP sink and every portal, started at once (support/serve-portals.ts). At the end it is
  // asked to stop, so the portals close their databases and the temporary folder goes.
  webServer: {
    command: `node --import tsx e2e/support/serve-portals.ts ${dataRoot}${keptDataRoot ? '' : ' --remove-at-stop'}`,
    cwd: '..',
    url: portalsHealthUrl,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
