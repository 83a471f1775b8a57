import { describe, expect, it } from 'vitest';
import { csvText, neutraliseCell } from './csv.ts';

describe('DESIGN §3: exported cells that start with = + - @ are neutralised', () => {
  it.each(['=1+1', '+32 3 123', '-2', '@SUM(A1)', '\tx', '\rx'])('neutralises %j', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it.each([
    ' =1+1',
    '  +1',
    '\n-2',
    '\r\n@SUM(A1)',
    '\u200b=HYPERLINK("x")',
    '\ufeff=1',
    '\u00a0\u2060+1',
  ])(
    'issue 9 §7: neutralises %j (= + - @ behind spaces, line breaks or zero-width characters)',
    (value) => {
      expect(neutraliseCell(value)).toBe(`'${value}`);
    },
  );

  it('leaves other text as it is', () => {
    expect(neutraliseCell(' a=b')).toBe(' a=b');
    expect(neutraliseCell('\u200bMSKU1')).toBe('\u200bMSKU1');
    expect(neutraliseCell('MSKU1234565')).toBe('MSKU1234565');
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell('')).toBe('');
  });
});

describe('csvText', () => {
  it('writes CRLF lines with a byte-order mark, quoting what needs it', () => {
    const text = csvText([
      ['BL', 'Description'],
      ['SOLU1', 'says "hi", twice\nthen stops'],
      ['=cmd|calc', 'plain'],
    ]);
    expect(text).toBe(
      '\uFEFFBL,Description\r\nSOLU1,"says ""hi"", twice\nthen stops"\r\n\'=cmd|calc,plain\r\n',
    );
  });
});
