import {
  decodeCsvBytes,
  findUploadHeader,
  isBlankUploadRow,
  uploadColumns,
  uploadLimits,
  uploadTemplateHeaderRow,
  type UploadCell,
  type UploadHeaderProblem,
} from '@scr/domain';

/** What the browser finds in a chosen file before sending it (issue 15). */
export type SheetCheck =
  | { problem: null; rows: number }
  | { problem: 'tooManyRows'; rows: number }
  | { problem: 'empty' }
  | { problem: 'header'; header: UploadHeaderProblem }
  /** A .csv whose byte order mark names an encoding its text is not in. */
  | { problem: 'encoding'; encoding: string };

/** SheetJS, fetched only when someone uploads (it never weighs on the first page load). */
const sheetLibrary = () => import('@e965/xlsx');

/**
 * Issue 15: reads a chosen .csv, .xls or .xlsx in the browser, as the server will, and checks
 * what it can before anything is sent: a .csv's encoding (domain `decodeCsvBytes`), the header
 * row once (domain `findUploadHeader`, below a title too), and the 5,000-row limit (reading at
 * most one row past it). A file the browser cannot read is left to the server, which says why.
 */
export async function checkUploadSheet(file: File): Promise<SheetCheck | null> {
  try {
    const XLSX = await sheetLibrary();
    const csv = file.name.trim().toLowerCase().endsWith('.csv');
    const decoded = csv ? decodeCsvBytes(new Uint8Array(await file.arrayBuffer())) : null;
    if (decoded && 'unreadable' in decoded) {
      return { problem: 'encoding', encoding: decoded.unreadable };
    }
    const book = decoded
      ? XLSX.read(decoded.text, { type: 'string', raw: true, dense: true })
      : XLSX.read(await file.arrayBuffer(), {
          type: 'array',
          dense: true,
          sheetRows: uploadLimits.maxRows + 2,
          cellDates: false,
        });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet?.['!ref']) return { problem: 'empty' };
    const all = XLSX.utils.sheet_to_json<UploadCell[]>(sheet, {
      header: 1,
      raw: true,
      defval: null,
      blankrows: true,
    });
    const range = XLSX.utils.decode_range(sheet['!fullref'] ?? sheet['!ref']);
    const header = findUploadHeader(all, range.s.r + 1);
    if ('problem' in header) return { problem: 'header', header: header.problem };
    const rows = all.slice(header.index + 1).filter((cells) => !isBlankUploadRow(cells)).length;
    const below = range.e.r - range.s.r - header.index;
    if (below > uploadLimits.maxRows || rows > uploadLimits.maxRows) {
      return { problem: 'tooManyRows', rows: Math.max(rows, below) };
    }
    return rows === 0 ? { problem: 'empty' } : { problem: null, rows };
  } catch {
    return null;
  }
}

/**
 * Issue 15: the template to fill in, an .xlsx with the header row of releases spec §5 and one
 * example row (valid from today, a real ISO 6346 container number), made in the browser.
 */
export async function downloadUploadTemplate(example: Partial<Record<string, string>>) {
  const XLSX = await sheetLibrary();
  const header = [...uploadTemplateHeaderRow];
  const row = uploadColumns.map((column) => example[column] ?? '');
  const sheet = XLSX.utils.aoa_to_sheet([header, row]);
  sheet['!cols'] = header.map((name) => ({ wch: Math.max(12, name.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Releases');
  XLSX.writeFile(book, 'releases-template.xlsx', { compression: true });
}
