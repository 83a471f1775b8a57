import { neutraliseCell } from './csv.ts';

/**
 * An Excel workbook (Office Open XML) of one sheet, written part by part so that a large one
 * streams: the fixed parts, then the sheet's XML row by row. The caller zips the parts (the
 * server and the browser each with fflate); every cell is inline text, neutralised like a CSV
 * cell (DESIGN §3: cells that start with `= + - @` never run as formulas).
 */

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relations = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelations = 'http://schemas.openxmlformats.org/package/2006/relationships';
const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The path of the one sheet inside the zip. */
export const xlsxSheetPath = 'xl/worksheets/sheet1.xml';

/** The workbook's parts other than the sheet, each with its path in the zip. */
export function xlsxFixedParts(sheetName: string): { path: string; text: string }[] {
  const type = (part: string) => `application/vnd.openxmlformats-officedocument.${part}+xml`;
  return [
    {
      path: '[Content_Types].xml',
      text:
        `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${type('spreadsheetml.sheet.main')}"/>` +
        `<Override PartName="/${xlsxSheetPath}" ContentType="${type('spreadsheetml.worksheet')}"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${type('spreadsheetml.styles')}"/>` +
        '</Types>',
    },
    {
      path: '_rels/.rels',
      text:
        `${head}<Relationships xmlns="${packageRelations}">` +
        `<Relationship Id="rId1" Type="${relations}/officeDocument" Target="xl/workbook.xml"/>` +
        '</Relationships>',
    },
    {
      path: 'xl/workbook.xml',
      text:
        `${head}<workbook xmlns="${main}" xmlns:r="${relations}"><sheets>` +
        `<sheet name="${xmlText(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/>` +
        '</sheets></workbook>',
    },
    {
      path: 'xl/_rels/workbook.xml.rels',
      text:
        `${head}<Relationships xmlns="${packageRelations}">` +
        `<Relationship Id="rId1" Type="${relations}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${relations}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    },
    {
      path: 'xl/styles.xml',
      text:
        `${head}<styleSheet xmlns="${main}">` +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
        '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
        '<fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
        '</styleSheet>',
    },
  ];
}

/** Characters XML 1.0 cannot hold (controls, lone surrogates, U+FFFE/U+FFFF), dropped. */
const notXml =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as XML character data: escaped, with characters XML cannot carry left out. */
export function xmlText(value: string): string {
  return value
    .replace(notXml, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The sheet's opening: column widths (in characters) and, above `frozenRows`, a frozen pane. */
export function xlsxSheetStart(widths: readonly number[], frozenRows: number): string {
  const pane =
    frozenRows > 0
      ? `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${frozenRows}" ` +
        `topLeftCell="A${frozenRows + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`
      : '';
  const cols = widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  return `${head}<worksheet xmlns="${main}">${pane}${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`;
}

/** One row (1-based `rowNumber`) of text cells, neutralised; `bold` for headers and headings. */
export function xlsxRow(rowNumber: number, cells: readonly string[], bold = false): string {
  const style = bold ? ' s="1"' : '';
  const xml = cells
    .map((cell, i) =>
      cell === ''
        ? ''
        : `<c r="${columnLetters(i)}${rowNumber}" t="inlineStr"${style}>` +
          `<is><t xml:space="preserve">${xmlText(neutraliseCell(cell))}</t></is></c>`,
    )
    .join('');
  return `<row r="${rowNumber}">${xml}</row>`;
}

/** The sheet's end. */
export const xlsxSheetEnd = '</sheetData></worksheet>';
