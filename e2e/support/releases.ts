import * as XLSX from '@e965/xlsx';
import { expect, type Browser, type Page } from '@playwright/test';

export const demoPassword = 'demo-password';

/**
 * Signs in on the login screen: e-mail, then (one organisation) the password; waits for the
 * page the user lands on (the overview, or `landing` such as a terminal user's view).
 */
export async function signIn(page: Page, email: string, landing = 'releases-page') {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await expect(form).toHaveAttribute('data-step', 'email');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-email').press('Enter');
  await expect(form).toHaveAttribute('data-step', 'password');
  await page.getByTestId('login-password').fill(demoPassword);
  await page.getByTestId('login-password').press('Enter');
  await expect(page.getByTestId(landing)).toBeVisible();
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

/** Releases spec §5 "Multi-upload": the header, then one row per release in column order. */
const header = [
  'BL',
  'Port of loading',
  'Port of destination',
  'Vessel',
  'Stay number',
  'Lloyds number',
  'Voyage number',
  'Container number',
  'ISO type',
  'Pickup',
  'Turn-in location',
  'Turn-in reference',
  'Turn-in location barge',
  'Turn-in reference barge',
  'Turn-in location rail',
  'Turn-in reference rail',
  'Valid from',
  'Valid until',
];

export interface UploadRow {
  bl: string;
  container: string;
  pickup: string;
  vessel?: string;
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
    row.vessel ?? 'Scheldt Star',
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
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...lines]), 'Releases');
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
