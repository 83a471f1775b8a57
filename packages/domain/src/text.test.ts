import { describe, expect, it } from 'vitest';
import { isCleanText } from './text.ts';

describe('issue 9 §7: NUL bytes and lone surrogates are refused in any text', () => {
  it('accepts ordinary text, accents and paired surrogates (emoji)', () => {
    expect(isCleanText('MSKU1234565 Zeebrugge é ü 🚢')).toBe(true);
  });
  it('refuses a NUL byte and lone high or low surrogates', () => {
    expect(isCleanText('a\u0000b')).toBe(false);
    expect(isCleanText('a\ud800')).toBe(false);
    expect(isCleanText('\udc00a')).toBe(false);
    expect(isCleanText('\ud83d\ud83d')).toBe(false);
  });
});
