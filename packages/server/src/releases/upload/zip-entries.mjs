// Plain JavaScript (typed by zip-entries.d.mts): the sheet worker loads it without tsx, so a
// worker starts in a few hundred milliseconds instead of seconds.
import { inflateRawSync } from 'node:zlib';

const endOfDirectory = 0x06054b50;
const directoryEntry = 0x02014b50;
const localHeader = 0x04034b50;
const stored = 0;
const deflated = 8;

/** Thrown when the entries really inflate to more than the cap. */
export class ZipTooLarge extends Error {}

/**
 * Reads a zip's central directory (the record at its end) without inflating anything: the
 * entries' names, methods, sizes as declared and offsets. Null when the bytes are not a
 * readable zip.
 */
export function readZipDirectory(bytes) {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i -= 1) {
    if (bytes.readUInt32LE(i) === endOfDirectory) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const entries = [];
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== directoryEntry) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    if (offset + 46 + nameLength > bytes.length) return null;
    entries.push({
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: bytes.readUInt16LE(offset + 10),
      compressedBytes: bytes.readUInt32LE(offset + 20),
      declaredBytes: bytes.readUInt32LE(offset + 24),
      localOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

/**
 * Inflates every file entry of a zip, counting the bytes actually produced: the sizes a zip
 * declares can lie (a 1 MB file that says a few KB can inflate to 1 GB), so zlib itself stops
 * at what is left of `maxBytes` and the whole zip is refused (ZipTooLarge) when the real total
 * passes it. Answers the entries by name; null when the zip is broken (bad offsets, an unknown
 * method, a truncated stream).
 */
export function inflateZip(bytes, entries, maxBytes) {
  const files = new Map();
  let total = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const at = entry.localOffset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== localHeader) return null;
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    // 0xffffffff is a zip64 size: no .xlsx within the upload limit needs one.
    if (entry.compressedBytes === 0xffffffff || start + entry.compressedBytes > bytes.length) {
      return null;
    }
    const data = bytes.subarray(start, start + entry.compressedBytes);
    const left = maxBytes - total;
    let content;
    if (entry.method === stored) {
      content = data;
    } else if (entry.method === deflated) {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, left + 1) });
      } catch (error) {
        if (error?.code === 'ERR_BUFFER_TOO_LARGE') throw new ZipTooLarge();
        return null;
      }
    } else {
      return null;
    }
    total += content.length;
    if (total > maxBytes) throw new ZipTooLarge();
    files.set(entry.name, content);
  }
  return files;
}
