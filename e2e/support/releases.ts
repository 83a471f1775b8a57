import * as XLSX from '@e965/xlsx';
import { expect, type Browser, type Cookie, type Locator, type Page } from '@playwright/test';
import { uploadTemplateHeaderRow } from '@scr/domain';
import { dashboardOpenKey } from './test.ts';

export const demoPassword = 'demo-password';

/**
 * Types `typed` into a terminal field and picks the terminal named `option` from its list, until
 * the field holds the terminal's `code`. A pick is clicked again while the list is still open:
 * once (a full run on a loaded machine, 2026-11-28, on a phone-sized dialog whose list opens
 * above the field) the click reached the page and the list stayed open, without a pick; the same
 * journey passed 4 times of 4 when run again under load. A user taps again; a pick that never
 * takes still fails here.
 */
export async function pickTerminal(
  page: Page,
  field: Locator,
  typed: string,
  option: RegExp,
  code: string,
) {
  await field.fill(typed);
  await expect(async () => {
    const listed = page.getByRole('option', { name: option });
    if (await listed.isVisible()) await listed.click({ timeout: 2_000 });
    await expect(field).toHaveValue(code, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Signs in on the login screen: e-mail, then (one organisation) the password; waits for the
 * page the user lands on (the overview, or `landing` such as a terminal user's view). A page
 * already showing the login form's first step is signed in where it is, its `?fwd=` kept, as a
 * person would; any other page is taken to /login first.
 *
 * A fresh page that lands on the overview opens the portal with the session this worker's first
 * sign-in of `email` left in the browser instead, as a second tab of that person's would
 * (`reopenSession`): the login form costs a journey about a core-second more each time (issue
 * 10 §7), and the sign-in itself has journeys of its own (sign-in.spec.ts and others that pass
 * `landing` or sign in on a page already open).
 */
export async function signIn(page: Page, email: string, landing = 'releases-page') {
  const reopens = landing === 'releases-page' && page.url() === 'about:blank';
  if (reopens && (await reopenSession(page, email))) return;
  const form = page.getByTestId('login-form');
  const atFirstStep =
    new URL(page.url()).pathname === '/login' && (await form.getAttribute('data-step')) === 'email';
  if (!atFirstStep) await page.goto('/login');
  await expect(form).toHaveAttribute('data-step', 'email');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-email').press('Enter');
  await expect(form).toHaveAttribute('data-step', 'password');
  await page.getByTestId('login-password').fill(demoPassword);
  await page.getByTestId('login-password').press('Enter');
  await expect(page.getByTestId(landing)).toBeVisible();
  if (reopens) await keepSession(page, email);
}

/** What a sign-in left in the browser: its cookies, local storage and the tab's session storage. */
interface KeptSession {
  cookies: Cookie[];
  local: Array<[string, string]>;
  session: Array<[string, string]>;
  keptAt: number;
}

/** The page's storage, in the browser (the journeys are type-checked without the DOM's types). */
interface WebStorage {
  setItem(key: string, value: string): void;
}
interface BrowserStorage {
  localStorage: WebStorage;
  sessionStorage: WebStorage;
}

/**
 * The sessions of this worker's sign-ins, by e-mail. A worker is one process that talks to one
 * portal (portals.ts), so the map never mixes portals. A session is reopened for 10 minutes at
 * most, well inside its token's and its unlocked wallet's lifetimes.
 */
const keptSessions = new Map<string, KeptSession>();
const keepForMs = 10 * 60_000;

async function keepSession(page: Page, email: string) {
  const [local, session] = await page.evaluate(() => {
    const { localStorage, sessionStorage } = globalThis as unknown as BrowserStorage;
    const entries = (storage: WebStorage) => Object.entries(storage) as Array<[string, string]>;
    return [entries(localStorage), entries(sessionStorage)];
  });
  const cookies = await page.context().cookies();
  // Whether the dashboard is open belongs to the browser the journey asked for (support/test.ts).
  const sessionLocal = local.filter(([key]) => key !== dashboardOpenKey);
  keptSessions.set(email, { cookies, local: sessionLocal, session, keptAt: Date.now() });
}

/**
 * Opens the overview in `page` with `email`'s kept session: its storage is written before the
 * portal's first script runs, once. Answers false, and forgets the session, when there is none
 * or the portal no longer takes it (a journey signed that person out, say): the portal then
 * shows its login form.
 */
async function reopenSession(page: Page, email: string): Promise<boolean> {
  const kept = keptSessions.get(email);
  if (!kept || Date.now() - kept.keptAt > keepForMs) return false;
  await page.context().addCookies(kept.cookies);
  const restore = await page.addInitScript(
    ({ local, session }) => {
      const { localStorage, sessionStorage } = globalThis as unknown as BrowserStorage;
      for (const [key, value] of local) localStorage.setItem(key, value);
      for (const [key, value] of session) sessionStorage.setItem(key, value);
    },
    { local: kept.local, session: kept.session },
  );
  try {
    await page.goto('/releases');
  } finally {
    await restore.dispose();
  }
  const overview = page.getByTestId('releases-page');
  await expect(overview.or(page.getByTestId('login-form'))).toBeVisible();
  if (await overview.isVisible()) return true;
  keptSessions.delete(email);
  return false;
}

/** A browser of its own (cookies, storage, socket) in English, signed in as `email`. */
export async function signedInPage(
  browser: Browser,
  email: string,
  landing = 'releases-page',
): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript({ content: "localStorage.setItem('scr.language', 'en');" });
  const page = await context.newPage();
  await signIn(page, email, landing);
  return page;
}

/**
 * The snackbar that says `text`. Snackbars stack (ui/snackbar): an earlier one may still be
 * showing when the next arrives, so a journey looks for its own message.
 */
export function snackbar(page: Page, text: string) {
  return page.getByTestId('snackbar').filter({ hasText: text });
}

let counter = 0;
/** A BL number no other journey of this run uses. */
export function uniqueBl(prefix = 'E2E'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${counter}`;
}

/** An ISO 6346 container number with a correct check digit, unique in this run. */
export function uniqueContainer(owner = 'SOLU'): string {
  counter += 1;
  const serial = String((Date.now() * 7 + counter * 7919) % 1_000_000).padStart(6, '0');
  const code = `${owner}${serial}`;
  const value = (char: string) => {
    if (/\d/.test(char)) return Number(char);
    const n = char.charCodeAt(0) - 55;
    return n + Math.floor((n - 1) / 10);
  };
  const sum = [...code].reduce((total, char, i) => total + value(char) * 2 ** i, 0);
  return `${code}${(sum % 11) % 10}`;
}

export interface UploadRow {
  bl: string;
  container: string;
  pickup: string;
  /** Typed as DD/MM/YYYY; empty takes the defaults. */
  validFrom?: string;
  validUntil?: string;
}

/** An .xlsx workbook of releases, as a carrier's spreadsheet would be. */
export function releasesWorkbook(rows: UploadRow[]): Buffer {
  const lines = rows.map((row) => [
    row.bl,
    'CNSHA',
    'BEANR',
    'Scheldt Star',
    '2026001',
    '9876543',
    'V042',
    row.container,
    '40HC',
    row.pickup,
    'Depot Noord',
    'REF-1',
    '',
    '',
    '',
    '',
    row.validFrom ?? '',
    row.validUntil ?? '',
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([[...uploadTemplateHeaderRow], ...lines]),
    'Releases',
  );
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Uploads a workbook through the Create release menu; answers the report element. */
export async function uploadReleases(page: Page, fileName: string, content: Buffer) {
  await page.getByTestId('create-release-menu').click();
  await page.getByTestId('create-upload').click();
  const dialog = page.getByTestId('upload-dialog');
  await dialog.getByTestId('upload-file').setInputFiles({
    name: fileName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: content,
  });
  await dialog.getByTestId('upload-submit').click();
  const report = dialog.getByTestId('upload-report');
  await expect(report).toBeVisible();
  return { dialog, report };
}

/** Searches the overview (Enter runs it). */
export async function search(page: Page, text: string) {
  const box = page.getByTestId('overview-search');
  await box.fill(text);
  await box.press('Enter');
}

/**
 * Shows a column hidden by default on the per-container tab ("Show/Hide columns", issue 15),
 * unless the user's saved preference already shows it (the choice is saved per user).
 */
export async function showColumn(page: Page, header: string) {
  const table = page.getByTestId('container-table');
  await expect(table).toBeVisible();
  const name = new RegExp(`^${header.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  if ((await table.getByRole('columnheader', { name }).count()) > 0) return;
  await table.getByRole('button', { name: 'Show/Hide columns' }).click();
  await page.getByRole('menu').getByText(header, { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name })).toBeVisible();
}
