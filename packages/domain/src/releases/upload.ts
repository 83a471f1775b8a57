import { addDays, isIsoDate, parseTypedDate, todayInBrussels, type IsoDate } from '../dates.ts';
import { normalizeContainerNumber } from './container-number.ts';
import type { ReleaseInput } from './release.ts';
import { releaseDefaults } from './validation.ts';

/**
 * Releases spec §5 "Multi-upload of releases": the columns of an uploaded sheet, in order. The
 * first row is a header and is dropped (below a title, the header row is looked for:
 * upload-header.ts `findUploadHeader`).
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
  /** A .csv whose byte order mark names an encoding its text is not valid in (csv-encoding.ts). */
  encoding: 'The file cannot be read as {{encoding}} text: save it again as "CSV UTF-8"',
} as const;
export type UploadMessage = keyof typeof uploadMessages;

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
