/**
 * Releases spec §5 "Multi-upload of releases" and "Bulk operations file": a .csv as offices save
 * it. Excel's "CSV" is Windows-1252, "CSV UTF-8" is UTF-8 with a byte order mark, "Unicode text"
 * is UTF-16LE with one; other tools write UTF-8 without a mark or UTF-16BE. The server and the
 * browser read an uploaded file's text with this one function.
 */

/** The encodings a .csv is read in. */
export type CsvEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';

/** The file's text and the encoding it was read in, or the encoding it claims but cannot be read in. */
export type CsvDecoding = { text: string; encoding: CsvEncoding } | { unreadable: string };

/** Byte order marks, longest first: UTF-32's begin like UTF-16LE's. */
const marks: { bytes: number[]; label: string | null; encoding: string }[] = [
  { bytes: [0xff, 0xfe, 0x00, 0x00], label: null, encoding: 'UTF-32LE' },
  { bytes: [0x00, 0x00, 0xfe, 0xff], label: null, encoding: 'UTF-32BE' },
  { bytes: [0xef, 0xbb, 0xbf], label: 'utf-8', encoding: 'UTF-8' },
  { bytes: [0xff, 0xfe], label: 'utf-16le', encoding: 'UTF-16LE' },
  { bytes: [0xfe, 0xff], label: 'utf-16be', encoding: 'UTF-16BE' },
];

/**
 * Windows-1252's characters at 0x80–0x9F (WHATWG Encoding), where it differs from Latin-1; the
 * rest of its bytes are the Unicode characters of the same number.
 * Node 20.18.3 and later decode `windows-1252` as Latin-1 (nodejs/node#60888); browsers do not.
 */
export const windows1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Text in `label`, or null when the bytes are not valid in it. */
function strictly(label: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Windows-1252 text: every byte is a character, so this never fails. */
function windows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => windows1252High[c.charCodeAt(0) - 0x80]!);
}

/**
 * UTF-16 without a byte order mark: text, unlike other bytes, has NUL in one byte of most pairs
 * (the high byte of Latin letters, digits and separators) and almost never in the other.
 */
function unmarkedUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(Math.min(bytes.length, 4096) / 2);
  if (pairs < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) evenNul += 1;
    if (bytes[i + 1] === 0) oddNul += 1;
  }
  const most = (count: number) => count >= pairs * 0.3;
  const few = (count: number) => count <= pairs * 0.02;
  if (most(oddNul) && few(evenNul)) return 'utf-16le';
  if (most(evenNul) && few(oddNul)) return 'utf-16be';
  return null;
}

/**
 * Reads a .csv's bytes: by its byte order mark (UTF-8, UTF-16LE, UTF-16BE; UTF-32 is named and
 * refused), as UTF-16 when its NUL bytes say so, else as UTF-8 when the bytes are valid UTF-8,
 * else as Windows-1252. A file whose mark names an encoding its bytes are not valid in is
 * unreadable, and the answer names that encoding.
 */
export function decodeCsvBytes(bytes: Uint8Array): CsvDecoding {
  const mark = marks.find((m) => m.bytes.every((byte, i) => bytes[i] === byte));
  if (mark) {
    const text = mark.label ? strictly(mark.label, bytes.subarray(mark.bytes.length)) : null;
    return text === null
      ? { unreadable: mark.encoding }
      : { text, encoding: mark.encoding as CsvEncoding };
  }
  const utf16 = unmarkedUtf16(bytes);
  const text16 = utf16 && strictly(utf16, bytes);
  if (text16 !== null)
    return { text: text16, encoding: utf16 === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE' };
  const utf8 = strictly('utf-8', bytes);
  if (utf8 !== null) return { text: utf8, encoding: 'UTF-8' };
  return { text: windows1252(bytes), encoding: 'Windows-1252' };
}
