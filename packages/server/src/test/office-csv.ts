import { windows1252High } from '@scr/domain';

/**
 * Test kit: a .csv's bytes as office programs save it (releases spec §5 "Multi-upload"):
 * Excel's "CSV" in Windows-1252, its "Unicode text" in UTF-16LE with a byte order mark.
 */

/** Text in Windows-1252; a character it has no byte for is a mistake of the test. */
export function windows1252Bytes(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const high = windows1252High.indexOf(char);
      const code = high >= 0 ? 0x80 + high : char.charCodeAt(0);
      if (code > 0xff) throw new RangeError(`${char} is not in Windows-1252`);
      return code;
    }),
  );
}

/** Text in UTF-16, little or big end first, behind its byte order mark. */
export function utf16Bytes(text: string, order: 'le' | 'be'): Buffer {
  const bytes = Buffer.from(`\ufeff${text}`, 'utf16le');
  return order === 'le' ? bytes : bytes.swap16();
}
