import {
  decodeCsvBytes,
  fillMessage,
  findUploadHeader,
  isBlankUploadRow,
  isUploadFileName,
  uploadHeaderSearchRows,
  uploadHeaderText,
  uploadHeaderValues,
  uploadLimits,
  uploadMessages,
  uploadHeaderMessages,
  type UploadCell,
  type UploadHeaderMessage,
  type UploadMessage,
} from '@scr/domain';
import { appError } from '../../errors/app-error.ts';
import { readSheet, type RawSheet } from './sheet-reader.ts';

/** An uploaded file: its name as the user's computer had it, and its bytes. */
export interface UploadFile {
  fileName: string;
  content: Buffer;
}

/** One data row of the sheet and its row number in the sheet (the header is row 1 or below a title). */
export interface SheetRow {
  row: number;
  cells: UploadCell[];
}

/**
 * A refused file: 400 validation_failed (413 payload_too_large when over the size limit or too
 * costly to read) with `data.fields.file` = `releases.upload.<reason>` and the reason in English
 * as the message, with the `values` it names (the encoding of `encoding`).
 */
export function uploadRefused(
  reason: UploadMessage | UploadHeaderMessage,
  values: Record<string, string> = {},
  message: string = fillMessage({ ...uploadMessages, ...uploadHeaderMessages }[reason], values),
) {
  const tooBig = reason === 'tooLarge' || reason === 'tooComplex';
  return appError(tooBig ? 'payload_too_large' : 'validation_failed', {
    message,
    fields: { file: `releases.upload.${reason}` },
  });
}

/**
 * Releases spec §5 "Multi-upload", DESIGN §3 "uploads are checked by content, size and row
 * count before they are parsed": .csv, .xls or .xlsx by name AND by content (a zip holding an
 * Excel workbook, an OLE Excel file, or UTF-8 text), at most 5 MB, at most 5,000 rows below the
 * header; only then is the first sheet read. Issue 9 item 4: content checks, inflating and
 * parsing run in the sheet worker (sheet-reader.ts), with a cap on the bytes an .xlsx really
 * inflates to and time and memory limits. A .csv's text is read first, in the encoding it was
 * saved in (domain `decodeCsvBytes`: UTF-8, UTF-16 or Windows-1252). Answers its data rows (the
 * rows below the header, blank rows skipped) with their sheet row numbers.
 */
export async function readUploadRows(
  file: UploadFile,
  /** Another reader's limits and refusals (the bulk operations file, issue 13 item 1). */
  options: {
    limits?: { maxBytes: number; maxRows: number };
    refused?: (reason: UploadMessage, values?: Record<string, string>) => Error;
    /**
     * Finds the header among the sheet's rows (the first numbered `firstRow`) before any data
     * row is read: its index, -1 for none; throws to refuse the file. Else the first row.
     */
    header?: (rows: UploadCell[][], firstRow: number) => number;
  } = {},
): Promise<SheetRow[]> {
  const { limits = uploadLimits, refused = uploadRefused } = options;
  if (!file.fileName.trim()) throw refused('fileRequired');
  if (!isUploadFileName(file.fileName)) throw refused('fileType');
  if (file.content.length > limits.maxBytes) throw refused('tooLarge');
  if (file.content.length === 0) throw refused('empty');
  // Title rows above the header are no data rows: the exact count is made below.
  const readRows = limits.maxRows + uploadHeaderSearchRows - 1;
  const answer = file.fileName.trim().toLowerCase().endsWith('.csv')
    ? await readSheet('csv', csvContent(file.content, refused), readRows)
    : await readSheet('workbook', file.content, readRows);
  if ('refused' in answer) throw refused(answer.refused);
  const header = options.header?.(answer.sheet.rows, answer.sheet.first + 1) ?? 0;
  const rows = sheetRows(answer.sheet, header);
  if (rows.length === 0) throw refused('empty');
  if (rows.length > limits.maxRows) throw refused('tooManyRows');
  return rows;
}

/** A .csv's text in the encoding it was saved in; refused when it cannot be read in it. */
function csvContent(
  content: Buffer,
  refused: (reason: UploadMessage, values?: Record<string, string>) => Error,
): string {
  const decoded = decodeCsvBytes(content);
  if ('unreadable' in decoded) throw refused('encoding', { encoding: decoded.unreadable });
  return decoded.text;
}

/**
 * Issue 15: a wrong header of a multi-upload is one error for the file, not one per row; a
 * header below a title is found (domain `findUploadHeader`). Answers the header's index.
 */
export function checkUploadHeader(rows: UploadCell[][], firstRow: number): number {
  const found = findUploadHeader(rows, firstRow);
  if ('index' in found) return found.index;
  const { problem } = found;
  throw uploadRefused(problem.kind, uploadHeaderValues(problem), uploadHeaderText(problem));
}

/** The sheet's rows below its header row (at `header`, -1 for none), blank rows skipped. */
function sheetRows({ first, rows }: RawSheet, header: number): SheetRow[] {
  return rows
    .map((cells, index) => ({ row: first + index + 1, cells }))
    .slice(header + 1)
    .filter(({ cells }) => !isBlankUploadRow(cells));
}
