import { fillMessage } from '../text.ts';
import { columnLetters } from '../xlsx.ts';
import { containerNumberProblem } from './container-number.ts';
import { uploadCellText, uploadColumns, type UploadCell, type UploadColumn } from './upload.ts';

/** Issue 15: why a file's header is refused, as keys under `releases.upload.` too. */
export const uploadHeaderMessages = {
  /** The header row names the columns in another order than the template's. */
  wrongHeader: 'The header row does not match the template',
  /** The first row is a release, not the header the template starts with. */
  missingHeader: 'The first row must be the header row of the template',
  /** The first row is a title, and no header row follows it in the first rows. */
  headerNotFound:
    'The header is not on row {{row}}, which holds "{{found}}", nor on the rows below it up to row {{last}}: put the header row of the template on row {{row}}',
} as const;
export type UploadHeaderMessage = keyof typeof uploadHeaderMessages;

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

/** Whether a header cell names `column` (the template's name, the field's, or an alias). */
export function namesUploadColumn(cell: UploadCell, column: UploadColumn): boolean {
  return namesOf.get(column)!.has(headerKey(uploadCellText(cell)));
}

/** A header cell that names another column than the one at its place. */
export interface MisplacedHeader {
  /** The spreadsheet's column letter, A for the first. */
  column: string;
  found: string;
  expected: UploadColumn;
}

export type UploadHeaderProblem =
  | { kind: 'missingHeader' }
  | { kind: 'wrongHeader'; misplaced: MisplacedHeader[] }
  /** `row` is where the header was expected (the sheet's first), `last` the last row looked at. */
  | { kind: 'headerNotFound'; row: number; found: string; last: number };

/** A (0-based) column index as a spreadsheet's letters: 0 → A, 25 → Z, 26 → AA. */
export const columnLetter = columnLetters;

/**
 * Issue 15: checks the first row of an uploaded sheet once, before its rows are read as
 * releases, so a wrong header is one error and not one per row. A header cell that names
 * another known column than the one at its place is misplaced; a first row whose container
 * cell is a container number is a release, not a header. Names not known are tolerated.
 */
export function uploadHeaderProblem(cells: readonly UploadCell[]): UploadHeaderProblem | null {
  if (isRelease(cells)) return { kind: 'missingHeader' };
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

/** How many rows from the top a header row is looked for, below a title and blank rows. */
export const uploadHeaderSearchRows = 5;

const isRelease = (cells: readonly UploadCell[]) => {
  const container = uploadCellText(cells[uploadColumns.indexOf('containerNumber')]);
  return container !== '' && containerNumberProblem(container) === null;
};
const filled = (cells: readonly UploadCell[]) => cells.map(uploadCellText).filter(Boolean);
/** A release has at least its BL, container and pickup: two cells or fewer are a title. */
const isTitle = (cells: readonly UploadCell[]) => filled(cells).length <= 2;
/** Two cells or more that name known columns, wherever they stand, make a header row. */
const namesColumns = (cells: readonly UploadCell[]) =>
  cells.filter((cell) => uploadColumns.some((column) => namesUploadColumn(cell, column))).length >=
  2;

/**
 * Releases spec §5 "The first row is a header": finds the header row of an uploaded sheet,
 * `rows` from its first row, numbered from `firstRow`. The first row, as before, unless it is
 * a title (two cells or fewer): then a row of the first `uploadHeaderSearchRows` that names
 * the template's columns, with only titles or blank rows above it; without one, the file is
 * refused as `headerNotFound`, naming the row the header was expected on. Answers the header's
 * index in `rows` or the problem (that of `uploadHeaderProblem` for the header row found).
 */
export function findUploadHeader(
  rows: readonly (readonly UploadCell[])[],
  firstRow = 1,
): { index: number } | { problem: UploadHeaderProblem } {
  const top = rows.slice(0, uploadHeaderSearchRows);
  const named = top.findIndex(namesColumns);
  const titled = top[0] !== undefined && filled(top[0]).length > 0 && isTitle(top[0]);
  const index =
    named > 0 && top.slice(0, named).every(isTitle) ? named : titled && named < 0 ? -1 : 0;
  if (index < 0) {
    const found = filled(top[0]!).join(' ');
    const last = firstRow + top.length - 1;
    return { problem: { kind: 'headerNotFound', row: firstRow, found, last } };
  }
  const problem = uploadHeaderProblem(rows[index] ?? []);
  return problem ? { problem } : { index };
}

/** The values a header problem's message names (`row`, `found`, `last` of `headerNotFound`). */
export function uploadHeaderValues(problem: UploadHeaderProblem): Record<string, string> {
  if (problem.kind !== 'headerNotFound') return {};
  return { row: String(problem.row), found: problem.found, last: String(problem.last) };
}

/** The header problem in English, for the API's message. */
export function uploadHeaderText(problem: UploadHeaderProblem): string {
  if (problem.kind !== 'wrongHeader') {
    return fillMessage(uploadHeaderMessages[problem.kind], uploadHeaderValues(problem));
  }
  const columns = problem.misplaced.map(
    (item) =>
      `column ${item.column} is "${item.found}" where the template has "${uploadTemplateHeader[item.expected]}"`,
  );
  return `${uploadHeaderMessages.wrongHeader}: ${columns.join('; ')}`;
}
