import {
  isBlankUploadRow,
  isUploadFileName,
  uploadLimits,
  uploadMessages,
  type UploadCell,
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
export function uploadRefused(reason: UploadMessage) {
  const tooBig = reason === 'tooLarge' || reason === 'tooComplex';
  return appError(tooBig ? 'payload_too_large' : 'validation_failed', {
    message: uploadMessages[reason],
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
export async function readUploadRows(file: UploadFile): Promise<SheetRow[]> {
  if (!file.fileName.trim()) throw uploadRefused('fileRequired');
  if (!isUploadFileName(file.fileName)) throw uploadRefused('fileType');
  if (file.content.length > uploadLimits.maxBytes) throw uploadRefused('tooLarge');
  if (file.content.length === 0) throw uploadRefused('empty');
  const isCsv = file.fileName.trim().toLowerCase().endsWith('.csv');
  const answer = await readSheet(isCsv ? 'csv' : 'workbook', file.content, uploadLimits.maxRows);
  if ('refused' in answer) throw uploadRefused(answer.refused);
  const rows = sheetRows(answer.sheet);
  if (rows.length === 0) throw uploadRefused('empty');
  if (rows.length > uploadLimits.maxRows) throw uploadRefused('tooManyRows');
  return rows;
}

/** The sheet's rows below its first (header) row, blank rows skipped. */
function sheetRows({ first, rows }: RawSheet): SheetRow[] {
  return rows
    .map((cells, index) => ({ row: first + index + 1, cells }))
    .slice(1)
    .filter(({ cells }) => !isBlankUploadRow(cells));
}
