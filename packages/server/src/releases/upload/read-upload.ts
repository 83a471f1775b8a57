import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel';
import {
  isBlankUploadRow,
  isUploadFileName,
  uploadLimits,
  uploadMessages,
  type UploadCell,
  type UploadMessage,
} from '@scr/domain';
import { appError } from '../../errors/app-error.ts';
import { readZipDirectory } from './zip-directory.ts';

XLSX.set_cptable(cptable);

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
 * A refused file: 400 validation_failed (413 payload_too_large when over the size limit) with
 * `data.fields.file` = `releases.upload.<reason>` and the reason in English as the message.
 */
export function uploadRefused(reason: UploadMessage) {
  return appError(reason === 'tooLarge' ? 'payload_too_large' : 'validation_failed', {
    message: uploadMessages[reason],
    fields: { file: `releases.upload.${reason}` },
  });
}

const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const oleMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** An .xlsx of 5 MB inflates to some tens of MB of XML; a zip bomb declares far more. */
const maxInflatedBytes = 200 * 1024 * 1024;
// eslint-disable-next-line no-control-regex -- a text file has no control characters but these
const binaryText = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * Releases spec §5 "Multi-upload", DESIGN §3 "uploads are checked by content, size and row
 * count before they are parsed": .csv, .xls or .xlsx by name AND by content (a zip holding an
 * Excel workbook, an OLE Excel file, or UTF-8 text), at most 5 MB, at most 5,000 rows below the
 * header; only then is the first sheet read. Answers its data rows (header dropped, blank rows
 * skipped) with their sheet row numbers.
 */
export function readUploadRows(file: UploadFile): SheetRow[] {
  if (!file.fileName.trim()) throw uploadRefused('fileRequired');
  if (!isUploadFileName(file.fileName)) throw uploadRefused('fileType');
  if (file.content.length > uploadLimits.maxBytes) throw uploadRefused('tooLarge');
  if (file.content.length === 0) throw uploadRefused('empty');
  const isCsv = file.fileName.trim().toLowerCase().endsWith('.csv');
  const rows = isCsv ? readCsv(file.content) : readWorkbook(file.content);
  if (rows.length === 0) throw uploadRefused('empty');
  if (rows.length > uploadLimits.maxRows) throw uploadRefused('tooManyRows');
  return rows;
}

function readCsv(content: Buffer): SheetRow[] {
  if (content.subarray(0, 4).equals(zipMagic) || content.subarray(0, 8).equals(oleMagic)) {
    throw uploadRefused('notSpreadsheet');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw uploadRefused('notSpreadsheet');
  }
  if (binaryText.test(text)) throw uploadRefused('notSpreadsheet');
  // Counted before parsing: every line is at most one row.
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length;
  if (lines > uploadLimits.maxRows + 1) throw uploadRefused('tooManyRows');
  // Decoded as UTF-8 here: SheetJS's own `codepage: 65001` on a buffer loses the first cell
  // behind a byte order mark and non-ASCII letters.
  return sheetRows(XLSX.read(text, { type: 'string', raw: true, dense: true }));
}

function readWorkbook(content: Buffer): SheetRow[] {
  if (content.subarray(0, 4).equals(zipMagic)) {
    const directory = readZipDirectory(content);
    const excel =
      directory?.names.includes('[Content_Types].xml') &&
      directory.names.some((name) => name.startsWith('xl/'));
    if (!directory || !excel) throw uploadRefused('notSpreadsheet');
    if (directory.uncompressedBytes > maxInflatedBytes) throw uploadRefused('tooLarge');
  } else if (!content.subarray(0, 8).equals(oleMagic)) {
    throw uploadRefused('notSpreadsheet');
  }
  let workbook: XLSX.WorkBook;
  try {
    // Reads at most the header and one row more than allowed; !fullref tells the real size.
    workbook = XLSX.read(content, {
      type: 'buffer',
      dense: true,
      sheetRows: uploadLimits.maxRows + 2,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    throw uploadRefused('notSpreadsheet');
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  const full = sheet?.['!fullref'] ?? sheet?.['!ref'];
  if (full) {
    const range = XLSX.utils.decode_range(full);
    if (range.e.r - range.s.r > uploadLimits.maxRows) throw uploadRefused('tooManyRows');
  }
  return sheetRows(workbook);
}

/** The first sheet's rows below its first (header) row, blank rows skipped. */
function sheetRows(workbook: XLSX.WorkBook): SheetRow[] {
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet?.['!ref']) return [];
  const first = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const cells = XLSX.utils.sheet_to_json<UploadCell[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  return cells
    .map((row, index) => ({ row: first + index + 1, cells: row }))
    .slice(1)
    .filter(({ cells: row }) => !isBlankUploadRow(row));
}
