import { constants, crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { inflateZip, readZipDirectory } from './zip-entries.mjs';

/**
 * Test kit for issue 9 item 4: .xlsx zip bombs, built in memory in milliseconds. A deflate
 * stream flushed with Z_FULL_FLUSH starts afresh, so one compressed MiB of spaces repeated N
 * times (then an empty final block) inflates to N MiB.
 */
const mib = 1024 * 1024;

/** A raw deflate stream of `head` followed by `spacesMib` MiB of spaces. */
export function paddedDeflate(head: Buffer, spacesMib: number): Buffer {
  const flush = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const block = deflateRawSync(Buffer.alloc(mib, 0x20), flush);
  const blocks = Array.from({ length: spacesMib }, () => block);
  return Buffer.concat([deflateRawSync(head, flush), ...blocks, Buffer.from([0x03, 0x00])]);
}

interface Entry {
  name: string;
  deflated: Buffer;
  /** The uncompressed size the headers declare, and the CRC they carry. */
  declaredBytes: number;
  crc: number;
}

/** A zip of deflated entries, with the sizes and CRCs as given (honest or not). */
export function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredBytes, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredBytes, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    directory.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

/**
 * A real one-sheet .xlsx whose sheet XML is followed by `spacesMib` MiB of spaces. `lying`: the
 * central directory and the local header declare the sheet's honest size without the spaces.
 */
export function xlsxBomb(rows: unknown[][], spacesMib: number, lying: boolean): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Releases');
  const plain = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const files = inflateZip(plain, readZipDirectory(plain) ?? [], 64 * mib)!;
  const entries = [...files].map(([name, content]): Entry => {
    const bomb = name === 'xl/worksheets/sheet1.xml';
    return {
      name,
      deflated: bomb ? paddedDeflate(content, spacesMib) : deflateRawSync(content),
      declaredBytes: bomb && !lying ? content.length + spacesMib * mib : content.length,
      crc: crc32(content),
    };
  });
  return zipOf(entries);
}
