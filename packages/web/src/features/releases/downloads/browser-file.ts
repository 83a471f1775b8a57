import {
  csvDownloadWriter,
  downloadContentTypes,
  pdfDocumentOptions,
  pdfDownloadWriter,
  wordsFor,
  xlsxDownloadWriter,
  xlsxFixedParts,
  xlsxSheetPath,
  type DownloadFileOptions,
  type DownloadFormat,
  type DownloadGroup,
} from '@scr/domain';
import boldFontUrl from '@expo-google-fonts/roboto/500Medium/Roboto_500Medium.ttf?url';
import regularFontUrl from '@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf?url';

/**
 * A file assembled in the browser (DESIGN §3: only the wallet opens pincodes, so a file with
 * them is never made by the server), in the same layout as the server's streamed files: domain
 * `download-writers.ts`. The spreadsheet zip and the PDF library load only when asked for, so
 * they never weigh on the login page.
 */
export async function assembleFile(
  format: DownloadFormat,
  groups: readonly DownloadGroup[],
  options: DownloadFileOptions,
): Promise<Blob> {
  const type = downloadContentTypes[format];
  if (format === 'csv') {
    const writer = csvDownloadWriter(options);
    return new Blob([writer.begin(), ...groups.map(writer.group), writer.end()], { type });
  }
  if (format === 'xlsx') return new Blob([await xlsxBytes(groups, options)], { type });
  return new Blob([await pdfBytes(groups, options)], { type });
}

/** The workbook zipped entry by entry, like the server's (fflate's `Zip`, loaded on demand). */
async function xlsxBytes(groups: readonly DownloadGroup[], options: DownloadFileOptions) {
  const { strToU8, Zip, ZipDeflate } = await import('fflate');
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(new Uint8Array(chunk));
  });
  const add = (path: string, texts: readonly string[]) => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    texts.forEach((text, i) => entry.push(strToU8(text), i === texts.length - 1));
  };
  for (const part of xlsxFixedParts(wordsFor(options.language).title)) add(part.path, [part.text]);
  const writer = xlsxDownloadWriter(options);
  add(xlsxSheetPath, [writer.begin(), ...groups.map(writer.group), writer.end()]);
  zip.end();
  if (failure) throw failure;
  return new Blob(chunks).arrayBuffer();
}

async function fontBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the PDF font could not be loaded (${response.status})`);
  return response.arrayBuffer();
}

async function pdfBytes(groups: readonly DownloadGroup[], options: DownloadFileOptions) {
  const [{ default: PDFDocument }, regular, bold] = await Promise.all([
    import('pdfkit/js/pdfkit.standalone.js'),
    fontBytes(regularFontUrl),
    fontBytes(boldFontUrl),
  ]);
  const doc = new PDFDocument(pdfDocumentOptions(options));
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const finished = new Promise<Blob>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(new Uint8Array(chunk)));
    doc.on('end', () => resolve(new Blob(chunks)));
    doc.on('error', reject);
  });
  const writer = pdfDownloadWriter(doc, options);
  writer.begin();
  groups.forEach(writer.group);
  doc.end();
  return (await finished).arrayBuffer();
}
