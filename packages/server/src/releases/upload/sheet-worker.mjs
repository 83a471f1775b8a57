// The sheet reader's worker thread (started by sheet-reader.ts): everything that inflates or
// parses an uploaded file runs here, under the heap limits and the wall clock the server gives
// it, so a hostile file cannot stall the server's event loop. Plain JavaScript, loaded by Node
// itself: a worker needs no tsx and starts in a few hundred milliseconds.
import { parentPort } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel';
import { inflateZip, readZipDirectory, ZipTooLarge } from './zip-entries.mjs';

XLSX.set_cptable(cptable);

const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const oleMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
// eslint-disable-next-line no-control-regex -- a text file has no control characters but these
const binaryText = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** A refusal with one of the domain's upload reasons (`uploadMessages`). */
class Refused extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

parentPort.on('message', ({ id, kind, content, limits }) => {
  try {
    const sheet =
      kind === 'csv'
        ? readCsv(content, limits)
        : readWorkbook(Buffer.from(content.buffer, content.byteOffset, content.byteLength), limits);
    parentPort.postMessage({ id, sheet });
  } catch (error) {
    parentPort.postMessage({
      id,
      refused: error instanceof Refused ? error.reason : 'notSpreadsheet',
    });
  }
});

/**
 * A .csv's text, decoded by the server in the encoding it was saved in (domain csv-encoding.ts).
 * A workbook or any other binary file named .csv decodes to control characters no text has.
 */
function readCsv(text, limits) {
  if (binaryText.test(text)) throw new Refused('notSpreadsheet');
  // Counted before parsing: every line is at most one row.
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length;
  if (lines > limits.maxRows + 1) throw new Refused('tooManyRows');
  // Given as text: SheetJS's own `codepage: 65001` on a buffer loses the first cell behind a
  // byte order mark and non-ASCII letters.
  return firstSheet(XLSX.read(text, { type: 'string', raw: true, dense: true }));
}

function readWorkbook(content, limits) {
  let input = content;
  if (content.subarray(0, 4).equals(zipMagic)) {
    input = inflatedWorkbook(content, limits);
  } else if (!content.subarray(0, 8).equals(oleMagic)) {
    throw new Refused('notSpreadsheet');
  }
  let workbook;
  try {
    // Reads at most the header and one row more than allowed; !fullref tells the real size.
    workbook = XLSX.read(input, {
      type: 'buffer',
      dense: true,
      sheetRows: limits.maxRows + 2,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    throw new Refused('notSpreadsheet');
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  const full = sheet?.['!fullref'] ?? sheet?.['!ref'];
  if (full) {
    const range = XLSX.utils.decode_range(full);
    if (range.e.r - range.s.r > limits.maxRows) throw new Refused('tooManyRows');
  }
  return firstSheet(workbook);
}

/**
 * An .xlsx inflated here, with a cap on the bytes actually produced (its directory may lie),
 * and handed to SheetJS as a zip of stored entries: SheetJS would otherwise inflate every
 * entry itself, trusting nothing but the end of the deflate stream.
 */
function inflatedWorkbook(content, limits) {
  const entries = readZipDirectory(content);
  const names = entries?.map((entry) => entry.name) ?? [];
  if (!names.includes('[Content_Types].xml') || !names.some((name) => name.startsWith('xl/'))) {
    throw new Refused('notSpreadsheet');
  }
  const declared = entries.reduce((sum, entry) => sum + entry.declaredBytes, 0);
  if (declared > limits.maxInflatedBytes) throw new Refused('tooComplex');
  let files;
  try {
    files = inflateZip(content, entries, limits.maxInflatedBytes);
  } catch (error) {
    throw new Refused(error instanceof ZipTooLarge ? 'tooComplex' : 'notSpreadsheet');
  }
  if (!files) throw new Refused('notSpreadsheet');
  const zip = XLSX.CFB.utils.cfb_new();
  for (const [name, data] of files) XLSX.CFB.utils.cfb_add(zip, name, data);
  return XLSX.CFB.write(zip, { fileType: 'zip', type: 'buffer', compression: false });
}

/** The first sheet's cells, row by row from its first row, and that row's number (0-based). */
function firstSheet(workbook) {
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet?.['!ref']) return { first: 0, rows: [] };
  const rows = XLSX.utils.sheet_to_json(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  return { first: XLSX.utils.decode_range(sheet['!ref']).s.r, rows };
}
