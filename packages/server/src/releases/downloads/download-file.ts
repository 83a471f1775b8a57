import {
  csvDownloadWriter,
  pdfDocumentOptions,
  pdfDownloadWriter,
  wordsFor,
  xlsxDownloadWriter,
  xlsxFixedParts,
  xlsxSheetPath,
  type DownloadFileOptions,
  type DownloadFormat,
  type DownloadGroup,
  type PdfCanvas,
} from '@scr/domain';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import type PDFDocument from 'pdfkit';

/**
 * A download as a stream (issue 13 item 2: "large exports stream instead of building
 * everything in memory"): the groups are read batch by batch and each is written out as it
 * comes, in the layout domain `download-writers.ts` gives every format. Never with pincodes:
 * the server holds none in clear (DESIGN §3); the browser assembles those files.
 */
export function downloadStream(
  format: DownloadFormat,
  groups: AsyncIterable<DownloadGroup>,
  options: Omit<DownloadFileOptions, 'pincodes'>,
): Readable {
  const file = { ...options, pincodes: null };
  if (format === 'pdf') return pdfStream(groups, file);
  return Readable.from(format === 'csv' ? csvChunks(groups, file) : xlsxChunks(groups, file));
}

async function* csvChunks(groups: AsyncIterable<DownloadGroup>, options: DownloadFileOptions) {
  const writer = csvDownloadWriter(options);
  yield Buffer.from(writer.begin());
  for await (const group of groups) yield Buffer.from(writer.group(group));
}

/** The workbook zipped as it is written: the sheet's XML deflated group by group. */
async function* xlsxChunks(groups: AsyncIterable<DownloadGroup>, options: DownloadFileOptions) {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield Buffer.from(ready.shift()!);
  };
  for (const part of xlsxFixedParts(wordsFor(options.language).title)) {
    const entry = new ZipDeflate(part.path, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(part.text), true);
  }
  const sheet = new ZipDeflate(xlsxSheetPath, { level: 6 });
  zip.add(sheet);
  const writer = xlsxDownloadWriter(options);
  sheet.push(strToU8(writer.begin()));
  for await (const group of groups) {
    sheet.push(strToU8(writer.group(group)));
    yield* drain();
  }
  sheet.push(strToU8(writer.end()), true);
  zip.end();
  yield* drain();
}

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** Roboto (all five languages' characters), read once: the same files the browser embeds. */
function robotoFonts() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/roboto/500Medium/Roboto_500Medium.ttf')),
  };
  return fonts;
}

/** The PDF, written page by page as groups arrive; PDFKit hands each page on once it is done. */
function pdfStream(groups: AsyncIterable<DownloadGroup>, options: DownloadFileOptions): Readable {
  // PDFKit (CommonJS) is required at the first PDF: with fontkit and its brotli tables it is about
  // a quarter of a core-second to load, which every start and test worker paid before (issue 10
  // §7), and most never write a PDF. `require` keeps the module after the first time.
  const PdfDocument = require('pdfkit') as typeof PDFDocument;
  const doc = new PdfDocument(pdfDocumentOptions(options));
  const { regular, bold } = robotoFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const out = new PassThrough();
  doc.pipe(out);
  const writer = pdfDownloadWriter(doc as unknown as PdfCanvas, options);
  void (async () => {
    try {
      writer.begin();
      for await (const group of groups) {
        // The browser went away: stop reading and drawing (`break` closes the reader).
        if (out.destroyed) break;
        writer.group(group);
      }
      doc.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
