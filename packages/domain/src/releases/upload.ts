import { addDays, isIsoDate, parseTypedDate, todayInBrussels, type IsoDate } from '../dates.ts';
import { containerNumberProblem, normalizeContainerNumber } from './container-number.ts';
import type { ReleaseInput } from './release.ts';
import { releaseDefaults } from './validation.ts';

/**
 * Releases spec §5 "Multi-upload of releases": the columns of an uploaded sheet, in order. The
 * first row is a header and is dropped.
 */
export const uploadColumns = [
  'blNumber',
  'portOfLoading',
  'portOfDestination',
  'vessel',
  'stayNumber',
  'lloydsNumber',
  'voyageNumber',
  'containerNumber',
  'isoTypeCode',
  'pickupLocation',
  'turnInLocation',
  'turnInReference',
  'turnInLocationBarge',
  'turnInReferenceBarge',
  'turnInLocationRail',
  'turnInReferenceRail',
  'validFrom',
  'validUntil',
] as const;
export type UploadColumn = (typeof uploadColumns)[number];

/** The file types a multi-upload takes (spec §5), and the limits checked before parsing. */
export const uploadFileTypes = ['.csv', '.xls', '.xlsx'] as const;
export const uploadLimits = { maxBytes: 5 * 1024 * 1024, maxRows: 5000 } as const;

/**
 * Why a whole file is refused, as translation keys under `releases.upload.` (the web shows
 * them; the server answers the key in `data.fields.file` and the English text as the message).
 */
export const uploadMessages = {
  fileRequired: 'Please choose a file to upload',
  fileType: 'Only .csv, .xls and .xlsx files can be uploaded',
  notSpreadsheet: 'The file is not a spreadsheet (.csv, .xls or .xlsx)',
  empty: 'The file has no releases below its header row',
  tooLarge: `The file is larger than ${uploadLimits.maxBytes / 1024 / 1024} MB`,
  tooManyRows: `The file has more than ${uploadLimits.maxRows} rows below its header`,
  /** Inflates past the cap, or too slow or too big in memory to read (issue 9 item 4). */
  tooComplex: 'The file is too large or too complex to read',
} as const;
export type UploadMessage = keyof typeof uploadMessages;

/** Issue 15: why a file's header is refused, as keys under `releases.upload.` too. */
export const uploadHeaderMessages = {
  /** The header row names the columns in another order than the template's. */
  wrongHeader: 'The header row does not match the template',
  /** The first row is a release, not the header the template starts with. */
  missingHeader: 'The first row must be the header row of the template',
} as const;
export type UploadHeaderMessage = keyof typeof uploadHeaderMessages;

/** Whether a file name has one of the accepted extensions (case-insensitive). */
export function isUploadFileName(fileName: string): boolean {
  const lower = fileName.trim().toLowerCase();
  return uploadFileTypes.some((type) => lower.endsWith(type));
}

/** One cell as a spreadsheet reader gives it: text, a number, a date, a boolean or nothing. */
export type UploadCell = string | number | boolean | Date | null | undefined;

/** A cell as trimmed text; whole numbers without a decimal point, nothing as ''. */
export function uploadCellText(cell: UploadCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : isoOfUtc(cell);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return String(cell).trim();
}

/** Whether a row has nothing in any cell (such rows are skipped, not reported). */
export function isBlankUploadRow(cells: readonly UploadCell[]): boolean {
  return cells.every((cell) => uploadCellText(cell) === '');
}

/**
 * A date cell: a real spreadsheet date (an Excel serial number or a Date), or text typed as
 * `DD/MM/YYYY` or `YYYY-MM-DD`. Anything else is kept as typed, so validation names it.
 */
export function uploadCellDate(cell: UploadCell): string {
  if (typeof cell === 'number' && Number.isFinite(cell)) return excelSerialDate(cell);
  const text = uploadCellText(cell);
  if (isIsoDate(text)) return text;
  return parseTypedDate(text) ?? text;
}

/**
 * Spec §5: one data row of an uploaded sheet as a release to create, columns in the spec's
 * order. Empty optional cells are left out; empty dates and container type take the defaults
 * of §5 and §9 (today, today + 60 days, 20DV); empty required cells stay empty so that
 * `validateReleaseInput` reports them with their messages.
 */
export function uploadRowToReleaseInput(
  cells: readonly UploadCell[],
  today: IsoDate = todayInBrussels(),
): ReleaseInput {
  const text = (column: UploadColumn) => uploadCellText(cells[uploadColumns.indexOf(column)]);
  const optional = (column: UploadColumn) => text(column) || undefined;
  const date = (column: UploadColumn) => uploadCellDate(cells[uploadColumns.indexOf(column)]);
  const defaults = releaseDefaults(today);
  return {
    billOfLading: {
      blNumber: text('blNumber'),
      portOfLoading: optional('portOfLoading'),
      portOfDestination: optional('portOfDestination'),
      vessel: optional('vessel'),
      stayNumber: optional('stayNumber'),
      lloydsNumber: optional('lloydsNumber'),
      voyageNumber: optional('voyageNumber'),
    },
    container: {
      containerNumber: normalizeContainerNumber(text('containerNumber')),
      isoTypeCode: optional('isoTypeCode') ?? defaults.isoTypeCode,
      pickupLocation: text('pickupLocation'),
      turnInLocation: optional('turnInLocation'),
      turnInReference: optional('turnInReference'),
      turnInLocationBarge: optional('turnInLocationBarge'),
      turnInReferenceBarge: optional('turnInReferenceBarge'),
      turnInLocationRail: optional('turnInLocationRail'),
      turnInReferenceRail: optional('turnInReferenceRail'),
      validFrom: date('validFrom') || defaults.validFrom,
      validUntil: date('validUntil') || defaults.validUntil,
    },
  };
}

/**
 * Spec §5 "Uploaded file names that repeat get a numeric suffix": the first of `name.ext`,
 * `name (1).ext`, `name (2).ext`… that is not taken yet.
 */
export function uniqueUploadName(fileName: string, taken: ReadonlySet<string>): string {
  const name = fileName.trim();
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n += 1) {
    const candidate = `${stem} (${n})${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** An Excel date serial (1900 date system, the default) as an ISO date; the time is dropped. */
function excelSerialDate(serial: number): IsoDate {
  const days = Math.floor(serial);
  // Excel counts a 29 February 1900 that never was: serials after it are one day ahead.
  return addDays(days > 60 ? '1899-12-30' : '1899-12-31', days);
}

function isoOfUtc(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/**
 * Issue 15: the header row of the template (releases spec §5 "Columns in order"), in English;
 * the web's template download writes it, and the header check knows these names.
 */
export const uploadTemplateHeader: Record<UploadColumn, string> = {
  blNumber: 'BL',
  portOfLoading: 'Port of loading',
  portOfDestination: 'Port of destination',
  vessel: 'Vessel',
  stayNumber: 'Stay number',
  lloydsNumber: 'Lloyds number',
  voyageNumber: 'Voyage number',
  containerNumber: 'Container number',
  isoTypeCode: 'ISO type',
  pickupLocation: 'Pickup',
  turnInLocation: 'Turn-in location',
  turnInReference: 'Turn-in reference',
  turnInLocationBarge: 'Turn-in location barge',
  turnInReferenceBarge: 'Turn-in reference barge',
  turnInLocationRail: 'Turn-in location rail',
  turnInReferenceRail: 'Turn-in reference rail',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
};

/** The template's header row, in column order: the first row of an uploaded sheet (spec §5). */
export const uploadTemplateHeaderRow: readonly string[] = uploadColumns.map(
  (column) => uploadTemplateHeader[column],
);

/** Other names people give a column, besides the template's and the field's own. */
const headerAliases: Partial<Record<UploadColumn, string[]>> = {
  blNumber: ['bl number', 'bill of lading', 'bl no', 'bl nr'],
  containerNumber: ['container', 'container no', 'container nr', 'cntr'],
  isoTypeCode: ['iso type code', 'type', 'container type'],
  pickupLocation: ['pickup location', 'terminal'],
  lloydsNumber: ['lloyds', 'imo'],
};

const headerKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

const namesOf = new Map<UploadColumn, Set<string>>(
  uploadColumns.map((column) => [
    column,
    new Set(
      [uploadTemplateHeader[column], column, ...(headerAliases[column] ?? [])].map(headerKey),
    ),
  ]),
);

/** A header cell that names another column than the one at its place. */
export interface MisplacedHeader {
  /** The spreadsheet's column letter, A for the first. */
  column: string;
  found: string;
  expected: UploadColumn;
}

export type UploadHeaderProblem =
  { kind: 'missingHeader' } | { kind: 'wrongHeader'; misplaced: MisplacedHeader[] };

/** A (0-based) column index as a spreadsheet's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Issue 15: checks the first row of an uploaded sheet once, before its rows are read as
 * releases, so a wrong header is one error and not one per row. A header cell that names
 * another known column than the one at its place is misplaced; a first row whose container
 * cell is a container number is a release, not a header. Names not known are tolerated.
 */
export function uploadHeaderProblem(cells: readonly UploadCell[]): UploadHeaderProblem | null {
  const container = uploadCellText(cells[uploadColumns.indexOf('containerNumber')]);
  if (container && containerNumberProblem(container) === null) return { kind: 'missingHeader' };
  const misplaced: MisplacedHeader[] = [];
  uploadColumns.forEach((expected, index) => {
    const found = uploadCellText(cells[index]);
    const key = headerKey(found);
    if (!key || namesOf.get(expected)!.has(key)) return;
    if (uploadColumns.some((other) => namesOf.get(other)!.has(key))) {
      misplaced.push({ column: columnLetter(index), found, expected });
    }
  });
  return misplaced.length > 0 ? { kind: 'wrongHeader', misplaced } : null;
}

/** The header problem in English, for the API's message. */
export function uploadHeaderText(problem: UploadHeaderProblem): string {
  if (problem.kind === 'missingHeader') return uploadHeaderMessages.missingHeader;
  const columns = problem.misplaced.map(
    (item) =>
      `column ${item.column} is "${item.found}" where the template has "${uploadTemplateHeader[item.expected]}"`,
  );
  return `${uploadHeaderMessages.wrongHeader}: ${columns.join('; ')}`;
}
