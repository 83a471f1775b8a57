import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
// The SMTP sink that receives the portal's e-mail (two-factor codes): support/smtp-sink.ts.
import { smtpSinkHttpPort, smtpSinkPort, smtpSinkUrl } from './support/smtp-sink-address.ts';
import { firstPortalPort, portalCount, portalUrl } from './support/portals.ts';

/** Debian's Chromium; Playwright never downloads a browser here (DESIGN §7). */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install it with: apt-get -o DPkg::Lock::Timeout=300 install -y chromium`,
  );
}

// Each run gets its own embedded databases, one per portal, loaded with the demo world at start.
// (Playwright reads this file in every worker too; only the runner starts the portals.)
const dataRoot = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'scr-e2e-'));
const slots = Array.from({ length: portalCount }, (_, slot) => slot);

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
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx e2e/support/smtp-sink.ts',
      cwd: '..',
      url: `${smtpSinkUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_SINK_PORT: String(smtpSinkPort), SMTP_SINK_HTTP_PORT: String(smtpSinkHttpPort) },
    },
    ...slots.map((slot) => ({
      command: 'npx tsx packages/server/src/main.ts',
      cwd: '..',
      url: `${portalUrl(slot)}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(firstPortalPort + slot),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataRoot, `portal-${slot}`),
        NODE_ENV: 'test',
        APP_ENV: 'e2e',
        LOG_LEVEL: 'warn',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpSinkPort),
        SMTP_FROM: 'Portal <no-reply@demo.test>',
        // Where support tickets (and orders) are mailed: the sink keeps them for the journeys.
        SUPPORT_EMAIL: 'support-desk@demo.test',
      },
    })),
  ],
});
