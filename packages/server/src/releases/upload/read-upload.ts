import {
  isBlankUploadRow,
  isUploadFileName,
  uploadHeaderProblem,
  uploadHeaderText,
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

/** One data row of the sheet and its row number in the sheet (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: UploadCell[];
}

/**
 * A refused file: 400 validation_failed (413 payload_too_large when over the size limit or too
 * costly to read) with `data.fields.file` = `releases.upload.<reason>` and the reason in English
 * as the message.
 */
export function uploadRefused(
  reason: UploadMessage | UploadHeaderMessage,
  message: string = { ...uploadMessages, ...uploadHeaderMessages }[reason],
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
 * inflates to and time and memory limits. Answers its data rows (header dropped, blank rows
 * skipped) with their sheet row numbers.
 */
export async function readUploadRows(
  file: UploadFile,
  /** Another reader's limits and refusals (the bulk operations file, issue 13 item 1). */
  options: {
    limits?: { maxBytes: number; maxRows: number };
    refused?: (reason: UploadMessage) => Error;
    /** Checks the header row before any data row is read (issue 15: the multi-upload's). */
    header?: (cells: UploadCell[]) => void;
  } = {},
): Promise<SheetRow[]> {
  const { limits = uploadLimits, refused = uploadRefused } = options;
  if (!file.fileName.trim()) throw refused('fileRequired');
  if (!isUploadFileName(file.fileName)) throw refused('fileType');
  if (file.content.length > limits.maxBytes) throw refused('tooLarge');
  if (file.content.length === 0) throw refused('empty');
  const isCsv = file.fileName.trim().toLowerCase().endsWith('.csv');
  const answer = await readSheet(isCsv ? 'csv' : 'workbook', file.content, limits.maxRows);
  if ('refused' in answer) throw refused(answer.refused);
  options.header?.(answer.sheet.rows[0] ?? []);
  const rows = sheetRows(answer.sheet);
  if (rows.length === 0) throw refused('empty');
  if (rows.length > limits.maxRows) throw refused('tooManyRows');
  return rows;
}

/** Issue 15: a wrong header of a multi-upload is one error for the file, not one per row. */
export function checkUploadHeader(cells: UploadCell[]): void {
  const problem = uploadHeaderProblem(cells);
  if (problem) throw uploadRefused(problem.kind, uploadHeaderText(problem));
}

/** The sheet's rows below its first (header) row, blank rows skipped. */
function sheetRows({ first, rows }: RawSheet): SheetRow[] {
  return rows
    .map((cells, index) => ({ row: first + index + 1, cells }))
    .slice(1)
    .filter(({ cells }) => !isBlankUploadRow(cells));
}
