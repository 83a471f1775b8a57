import { constants, crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { zipOf } from '../../releases/upload/zip-bombs.ts';
import { inflateZip, readZipDirectory } from '../../releases/upload/zip-entries.mjs';
import type { Answer } from '../../test/admin-kit.ts';
import type { TestServer } from '../../test/start-app.ts';

/** Test kit of the bulk operations' API tests. */

/** POST a file to `bulk-operations/files` as the web does: a multipart form with one `file`. */
export async function postBulkFile(
  target: TestServer,
  fileName: string,
  bytes: Buffer,
  token: string,
): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  const response = await fetch(`${target.baseUrl}/api/bulk-operations/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** A one-sheet workbook of these rows (cells as SheetJS takes them: values or cell objects). */
export function workbookOf(
  rows: unknown[][],
  options: Omit<XLSX.WritingOptions, 'type'> = {},
): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Pairs');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', ...options }) as Buffer;
}

const mib = 1024 * 1024;

/**
 * Issue 13's hostile workbook: a real .xlsx whose shared-strings table holds `sizeMib` MiB of
 * numbered strings (32 bytes each, 32,768 a MiB) behind the file's own, built in
 * milliseconds from one deflated MiB repeated. `lying`: the directory declares the honest size.
 */
export function sharedStringsBomb(rows: unknown[][], sizeMib: number, lying: boolean): Buffer {
  const plain = workbookOf(rows, { bookSST: true });
  const files = inflateZip(plain, readZipDirectory(plain) ?? [], 64 * mib)!;
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const filler = Buffer.from(
    Array.from(
      { length: mib / 32 },
      (_, i) => `<si><t>s${String(i % 100).padStart(15, '0')}</t></si>`,
    ).join(''),
  );
  const entries = [...files].map(([name, content]) => {
    if (name !== 'xl/sharedStrings.xml') {
      return {
        name,
        deflated: deflateRawSync(content),
        declaredBytes: content.length,
        crc: crc32(content),
      };
    }
    const text = content.toString('utf8');
    const cut = text.lastIndexOf('</sst>');
    const block = deflateRawSync(filler, flush);
    const deflated = Buffer.concat([
      deflateRawSync(Buffer.from(text.slice(0, cut)), flush),
      ...Array.from({ length: sizeMib }, () => block),
      deflateRawSync(Buffer.from('</sst>')),
    ]);
    const size = content.length + sizeMib * mib;
    return { name, deflated, declaredBytes: lying ? content.length : size, crc: crc32(content) };
  });
  if (!files.has('xl/sharedStrings.xml')) throw new Error('the workbook has no shared strings');
  return zipOf(entries);
}
