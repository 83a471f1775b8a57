import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from './csv-encoding.ts';

const text = 'BL;Vessel\r\nSOLU1;Société Générale – Müller’s “Œuvre” 5 €\r\n';
const utf16 = (value: string, order: 'le' | 'be') => {
  const bytes = Buffer.from(value, 'utf16le');
  return order === 'le' ? bytes : bytes.swap16();
};
const bom = { le: [0xff, 0xfe], be: [0xfe, 0xff] };

describe('releases spec §5 "Multi-upload": a .csv as offices save it', () => {
  it('reads Windows-1252, Excel’s "CSV", with accents and its 0x80–0x9F characters (€ ’ “ ” – Œ)', () => {
    const bytes = Buffer.from(
      [...text].map(
        (c) =>
          ({ '€': 0x80, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, Œ: 0x8c })[c] ??
          c.charCodeAt(0),
      ),
    );
    expect(bytes.includes(0xe9)).toBe(true);
    expect(decodeCsvBytes(bytes)).toEqual({ text, encoding: 'Windows-1252' });
  });

  it('reads UTF-8, with and without its byte order mark, which is left out', () => {
    expect(decodeCsvBytes(Buffer.from(text))).toEqual({ text, encoding: 'UTF-8' });
    expect(decodeCsvBytes(Buffer.from(`\ufeff${text}`))).toEqual({ text, encoding: 'UTF-8' });
  });

  it('reads UTF-16LE and UTF-16BE by their byte order mark, and without one', () => {
    for (const order of ['le', 'be'] as const) {
      const encoding = order === 'le' ? 'UTF-16LE' : 'UTF-16BE';
      const marked = Buffer.concat([Buffer.from(bom[order]), utf16(text, order)]);
      expect(decodeCsvBytes(marked)).toEqual({ text, encoding });
      expect(decodeCsvBytes(utf16(text, order))).toEqual({ text, encoding });
    }
  });

  it('refuses a file its byte order mark says is text it is not, naming the encoding', () => {
    const oddLength = Buffer.concat([Buffer.from(bom.le), utf16(text, 'le'), Buffer.from([0x41])]);
    expect(decodeCsvBytes(oddLength)).toEqual({ unreadable: 'UTF-16LE' });
    const loneSurrogate = Buffer.from([...bom.be, 0xd8, 0x00, 0x00, 0x41]);
    expect(decodeCsvBytes(loneSurrogate)).toEqual({ unreadable: 'UTF-16BE' });
    expect(decodeCsvBytes(Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0xff]))).toEqual({
      unreadable: 'UTF-8',
    });
    expect(decodeCsvBytes(Buffer.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]))).toEqual({
      unreadable: 'UTF-32LE',
    });
    expect(decodeCsvBytes(Buffer.from([0, 0, 0xfe, 0xff, 0, 0, 0, 0x41]))).toEqual({
      unreadable: 'UTF-32BE',
    });
  });

  it('leaves binary bytes to the reader, which finds their control characters', () => {
    const read = decodeCsvBytes(Buffer.from([0x42, 0x4c, 0x00, 0x01, 0xff, 0xfe]));
    const controls = 'text' in read ? [...read.text].filter((c) => c.charCodeAt(0) < 0x09) : [];
    expect(controls.length).toBeGreaterThan(0);
  });
});
