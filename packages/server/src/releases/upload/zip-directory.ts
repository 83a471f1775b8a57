/** What a zip file's central directory says, read without inflating anything. */
export interface ZipDirectory {
  names: string[];
  /** The sum of the entries' uncompressed sizes, as declared. */
  uncompressedBytes: number;
}

const endOfDirectory = 0x06054b50;
const directoryEntry = 0x02014b50;

/**
 * Reads a zip's central directory (the record at its end), so an .xlsx is known by its content
 * (`[Content_Types].xml`, `xl/…`) and a zip bomb by its declared sizes before anything is
 * inflated. Null when the bytes are not a readable zip.
 */
export function readZipDirectory(bytes: Buffer): ZipDirectory | null {
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
  const names: string[] = [];
  let uncompressedBytes = 0;
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== directoryEntry) return null;
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(bytes.toString('utf8', offset + 46, offset + 46 + nameLength));
    // 0xffffffff means a zip64 size: far beyond anything we take.
    uncompressedBytes += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { names, uncompressedBytes };
}
