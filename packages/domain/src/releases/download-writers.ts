import { csvText } from '../csv.ts';
import type { Language } from '../languages.ts';
import { xlsxRow, xlsxSheetEnd, xlsxSheetStart } from '../xlsx.ts';
import {
  downloadColumns,
  downloadHeader,
  downloadLines,
  downloadTitle,
  wordsFor,
  type DownloadColumn,
  type DownloadGroup,
  type DownloadLayout,
  type DownloadLine,
  type DownloadMedium,
  type OpenedPincodes,
} from './download.ts';

/** What a file is made of besides its rows: the same for the server and the browser. */
export interface DownloadFileOptions {
  layout: DownloadLayout;
  language: Language;
  /** The downloading organisation's name, in the title block. */
  organization: string;
  at: Date;
  /** Browser only: the pincodes the wallet opened (DESIGN §3); null for a file without. */
  pincodes: OpenedPincodes | null;
}

/** Writes a file as text chunks, group by group, so a large one streams. */
export interface TextDownloadWriter {
  begin(): string;
  group(group: DownloadGroup): string;
  end(): string;
}

/** How wide each column is, relative to the others (PDF) and in characters (Excel). */
const columnWeights: Record<DownloadColumn, number> = {
  blNumber: 13,
  vessel: 14,
  voyageNumber: 9,
  portOfLoading: 14,
  portOfDestination: 14,
  carrier: 16,
  containerNumber: 14,
  isoTypeCode: 8,
  pickupLocation: 11,
  turnInLocation: 14,
  validFrom: 10,
  validUntil: 10,
  releaseStatus: 12,
  transferStatus: 14,
  receivedFrom: 16,
  transferTo: 16,
  assignee: 14,
  pincode: 10,
};

const linesOf = (
  group: DownloadGroup,
  options: DownloadFileOptions,
  medium: DownloadMedium = 'page',
) => downloadLines(group, options.layout, wordsFor(options.language), options.pincodes, medium);

/** A sheet's cells: it has no headings (`downloadLines` gives none for a sheet). */
const sheetCells = (line: DownloadLine) => (line.kind === 'row' ? line.cells : []);

/**
 * CSV (RFC 4180, UTF-8 with a byte-order mark): the header, then one row per container; grouped,
 * each row carries its BL's fields and the rows keep their BL together (releases spec §5).
 */
export function csvDownloadWriter(options: DownloadFileOptions): TextDownloadWriter {
  const columns = downloadColumns(options.layout, options.pincodes !== null, 'sheet');
  return {
    begin: () => csvText([downloadHeader(columns, wordsFor(options.language))]),
    // `csvText` starts every chunk with the byte-order mark; only the file's start keeps one.
    group: (group) => csvText(linesOf(group, options, 'sheet').map(sheetCells)).slice(1),
    end: () => '',
  };
}

/**
 * The sheet of an Excel download (`xlsx.ts` has the workbook's other parts): the title block
 * (what, organisation, date), the header, frozen, then one row per container, grouped ones
 * with their BL's fields as columns, as in the CSV.
 */
export function xlsxDownloadWriter(options: DownloadFileOptions): TextDownloadWriter {
  const words = wordsFor(options.language);
  const columns = downloadColumns(options.layout, options.pincodes !== null, 'sheet');
  let row = 0;
  const next = (cells: readonly string[], bold = false) => xlsxRow(++row, cells, bold);
  return {
    begin: () => {
      const title = downloadTitle(words, options.organization, options.at);
      return (
        xlsxSheetStart(
          columns.map((column) => columnWeights[column] + 4),
          5,
        ) +
        next([title.title], true) +
        next([title.organization]) +
        next([title.date]) +
        next([]) +
        next(downloadHeader(columns, words), true)
      );
    },
    group: (group) =>
      linesOf(group, options, 'sheet')
        .map((line) => next(sheetCells(line)))
        .join(''),
    end: () => xlsxSheetEnd,
  };
}

/**
 * What the PDF writer asks of a PDF library: a subset of PDFKit's document, which the server
 * and the browser each pass in (fonts `regular` and `bold` registered, Roboto: all five
 * languages' characters).
 */
export interface PdfCanvas {
  addPage(): unknown;
  font(name: 'regular' | 'bold'): unknown;
  fontSize(size: number): unknown;
  fillColor(color: string): unknown;
  text(
    text: string,
    x: number,
    y: number,
    options:
      | { lineBreak: false }
      | { width: number; lineBreak: false; ellipsis: true; align?: 'left' | 'right' },
  ): unknown;
  widthOfString(text: string): number;
  moveTo(x: number, y: number): unknown;
  lineTo(x: number, y: number): unknown;
  lineWidth(width: number): unknown;
  strokeColor(color: string): unknown;
  stroke(): unknown;
  page: { width: number; height: number };
}

/**
 * How the server and the browser open the PDFKit document the writer draws on: A4 landscape
 * (the writer's geometry below assumes it), the writer's own margins, and the title and
 * organisation in the file's properties.
 */
export function pdfDocumentOptions(options: DownloadFileOptions) {
  return {
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: wordsFor(options.language).title,
      Author: options.organization,
      CreationDate: options.at,
    },
  } as const;
}

/** Page geometry in points (A4 landscape), and the text's sizes. */
const margin = 28;
const rowHeight = 10.5;
const headingHeight = 15;
const bodySize = 6.5;

/** Draws a download on a PDF canvas (A4 landscape), page by page, so pages can stream out. */
export interface PdfDownloadWriter {
  begin(): void;
  group(group: DownloadGroup): void;
}

/**
 * The PDF of a download (releases spec §5 "Download"; issue 13: the date and the organisation
 * on it): every page starts with the title block and the table header; grouped, each BL has
 * a bold heading; a cell too long for its column ends in an ellipsis.
 */
export function pdfDownloadWriter(
  canvas: PdfCanvas,
  options: DownloadFileOptions,
): PdfDownloadWriter {
  const words = wordsFor(options.language);
  const columns = downloadColumns(options.layout, options.pincodes !== null);
  const title = downloadTitle(words, options.organization, options.at);
  const width = () => canvas.page.width - 2 * margin;
  const total = columns.reduce((sum, column) => sum + columnWeights[column], 0);
  const widths = () => columns.map((column) => (columnWeights[column] / total) * width());
  let y = 0;
  let page = 0;

  const columnWidths = widths();
  const cells = (texts: readonly string[]) => {
    let x = margin;
    columnWidths.forEach((w, i) => {
      const text = texts[i] ?? '';
      // Most cells fit: measured, they skip PDFKit's line wrapper, which only the rest need.
      if (text !== '') {
        canvas.text(
          text,
          x + 1,
          y + 2,
          canvas.widthOfString(text) <= w - 3
            ? { lineBreak: false }
            : { width: w - 3, lineBreak: false, ellipsis: true },
        );
      }
      x += w;
    });
  };
  const rule = (at: number, color: string) => {
    canvas.lineWidth(0.4);
    canvas.strokeColor(color);
    canvas.moveTo(margin, at);
    canvas.lineTo(canvas.page.width - margin, at);
    canvas.stroke();
  };
  const startPage = () => {
    if (page > 0) canvas.addPage();
    page += 1;
    y = margin;
    canvas.fillColor('#000000');
    canvas.font('bold');
    canvas.fontSize(12);
    canvas.text(title.title, margin, y, { width: width() / 2, lineBreak: false, ellipsis: true });
    canvas.font('regular');
    canvas.fontSize(8);
    const right = `${words.page} ${page}`;
    canvas.text(right, margin + width() / 2, y + 3, {
      width: width() / 2,
      lineBreak: false,
      ellipsis: true,
      align: 'right',
    });
    y += 16;
    canvas.text(`${title.organization} · ${title.date}`, margin, y, {
      width: width(),
      lineBreak: false,
      ellipsis: true,
    });
    y += 14;
    canvas.font('bold');
    canvas.fontSize(bodySize);
    cells(downloadHeader(columns, words));
    y += rowHeight + 1;
    rule(y, '#444444');
    canvas.font('regular');
  };
  const room = (height: number) => {
    if (y + height > canvas.page.height - margin) startPage();
  };
  return {
    begin: startPage,
    group: (group) => {
      for (const line of linesOf(group, options)) {
        if (line.kind === 'heading') {
          room(headingHeight + rowHeight);
          canvas.font('bold');
          canvas.fontSize(bodySize + 1);
          canvas.text(line.text, margin + 1, y + 5, {
            width: width() - 2,
            lineBreak: false,
            ellipsis: true,
          });
          canvas.font('regular');
          canvas.fontSize(bodySize);
          y += headingHeight;
          continue;
        }
        room(rowHeight);
        cells(line.cells);
        y += rowHeight;
        rule(y, '#dddddd');
      }
    },
  };
}
