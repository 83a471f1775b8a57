import { describe, expect, it } from 'vitest';
import { componentOf, tokenizeEdifact } from './tokenizer.ts';

describe('issue 14 item 4: the EDIFACT syntax (ISO 9735) of a COREOR interchange', () => {
  it('splits segments, elements and components with the default service characters', () => {
    const { segments, problem } = tokenizeEdifact(
      "UNB+UNOA:2+SENDER+RECEIVER'\nEQD+CN+MSCU1234565+45G1:102:5'\n",
    );
    expect(problem).toBeNull();
    expect(segments.map((s) => s.tag)).toEqual(['UNB', 'EQD']);
    expect(segments[1]!.elements).toEqual([['CN'], ['MSCU1234565'], ['45G1', '102', '5']]);
    expect(componentOf(segments[1]!, 2, 1)).toBe('102');
    expect(segments[1]!.text).toBe('EQD+CN+MSCU1234565+45G1:102:5');
    expect(segments[1]!.index).toBe(2);
  });

  it('honours the release character: a released separator or terminator is data', () => {
    const { segments } = tokenizeEdifact("FTX+AAI+++PIER 3?: GATE ?+ 2?'S'");
    expect(componentOf(segments[0]!, 3)).toBe("PIER 3: GATE + 2'S");
  });

  it('takes the service characters a UNA advises', () => {
    const { segments, characters, problem } = tokenizeEdifact(
      'UNA|*.\\ ~UNB*UNOC|3*A*B~RFF*BN|AB\\*CD\\~X~',
    );
    expect(problem).toBeNull();
    expect(characters).toMatchObject({ component: '|', element: '*', release: '\\', segment: '~' });
    expect(segments[1]!.elements).toEqual([['BN', 'AB*CD~X']]);
  });

  it('keeps line breaks inside a segment out of the reported text but reads across them', () => {
    const { segments } = tokenizeEdifact("UNB+A+\r\nB'\r\nUNZ+0+1'");
    expect(segments.map((s) => s.text)).toEqual(['UNB+A+B', 'UNZ+0+1']);
  });

  it.each([
    ["UNB+A'EQD+CN+X", 'unterminatedSegment', 'EQD+CN+X'],
    ["UNB+A'RFF+BN:AB?", 'danglingRelease', 'RFF+BN:AB?'],
    ["UNB+A'eqd+CN'", 'badSegmentTag', 'eqd+CN'],
    ["UNB+A'RFF+BN:A\u0000B'", 'controlCharacter', 'RFF+BN:A\u0000'],
    ['UNA:+.? ', 'badServiceString', 'UNA:+.? '],
    ["UNA::.? '", 'badServiceString', "UNA::.? '"],
    ['  \n', 'empty', ''],
  ])('refuses %j strictly: %s', (text, reason, segment) => {
    const { problem } = tokenizeEdifact(text);
    expect(problem).toMatchObject({ reason, segment });
  });
});
