import { describe, expect, it } from 'vitest';
import { csvText, neutraliseCell } from './csv.ts';

describe('DESIGN §3: exported cells that start with = + - @ are neutralised', () => {
  it.each(['=1+1', '+32 3 123', '-2', '@SUM(A1)', '\tx', '\rx'])('neutralises %j', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it('leaves other text as it is', () => {
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
