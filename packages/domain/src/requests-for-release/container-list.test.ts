import { describe, expect, it } from 'vitest';
import {
  containerListProblem,
  maxRequestContainers,
  parseContainerList,
  requestContainerList,
} from './container-list.ts';

describe('releases spec §5 "Request for release": the container list parsed from free text', () => {
  it.each([
    ['dash', 'MSCU1234567-TGHU7654321'],
    ['comma', 'MSCU1234567,TGHU7654321'],
    ['semicolon', 'MSCU1234567;TGHU7654321'],
    ['tab', 'MSCU1234567\tTGHU7654321'],
    ['newline', 'MSCU1234567\nTGHU7654321'],
    ['Windows newline', 'MSCU1234567\r\nTGHU7654321'],
    ['space after more than 6 characters', 'MSCU1234567 TGHU7654321'],
  ])('separates by %s', (_name, raw) => {
    expect(parseContainerList(raw)).toEqual(['MSCU1234567', 'TGHU7654321']);
  });

  it('a space after 6 characters or fewer does not separate: "MSCU 1234567" is one number', () => {
    expect(parseContainerList('MSCU 1234567')).toEqual(['MSCU1234567']);
    expect(parseContainerList('ABCDEF 12')).toEqual(['ABCDEF12']);
    expect(parseContainerList('ABCDEFG 12')).toEqual(['ABCDEFG', '12']);
    expect(parseContainerList('MSCU 1234567 TGHU 7654321')).toEqual(['MSCU1234567', 'TGHU7654321']);
  });

  it('mixes separators, upper-cases, and leaves out blanks and repeats', () => {
    expect(parseContainerList(' mscu1234567 ,, ;\n\n tghu7654321 - MSCU1234567 ,')).toEqual([
      'MSCU1234567',
      'TGHU7654321',
    ]);
  });

  it('an empty or blank text is an empty list', () => {
    expect(parseContainerList('')).toEqual([]);
    expect(parseContainerList(' \n\t , - ')).toEqual([]);
  });
});

describe('issue 9 §7: the parsed list keeps to container numbers and a bound', () => {
  it('accepts container numbers, and no containers at all', () => {
    expect(containerListProblem(['MSCU1234567', 'TGHU7654321'])).toBeNull();
    expect(containerListProblem([])).toBeNull();
  });

  it('refuses odd characters and numbers longer than 20 characters', () => {
    expect(containerListProblem(['MSCU1234567', 'MSCU<script>'])).toBe('containersFormat');
    expect(containerListProblem(['A'.repeat(21)])).toBe('containersFormat');
  });

  it(`refuses more than ${maxRequestContainers} containers`, () => {
    const many = Array.from({ length: maxRequestContainers + 1 }, (_, i) => `MSCU${i}`);
    expect(containerListProblem(many.slice(0, maxRequestContainers))).toBeNull();
    expect(containerListProblem(many)).toBe('containersTooMany');
  });
});

describe('releases spec §3 "Request for release": containersRaw and containers together', () => {
  it('keeps the free text’s list, or the list alone, read as the free text is', () => {
    expect(requestContainerList('MSCU1234567, TGHU 7654321', undefined)).toEqual({
      containers: ['MSCU1234567', 'TGHU7654321'],
      source: 'containersRaw',
      mismatch: false,
    });
    expect(requestContainerList(null, [' mscu1234567', 'TGHU 7654321', 'MSCU1234567'])).toEqual({
      containers: ['MSCU1234567', 'TGHU7654321'],
      source: 'containers',
      mismatch: false,
    });
  });

  it('both sent: the same containers in any order agree; others are a mismatch', () => {
    expect(
      requestContainerList('MSCU1234567 TGHU7654321', ['TGHU7654321', 'mscu1234567']).mismatch,
    ).toBe(false);
    expect(requestContainerList('MSCU1234567 TGHU7654321', ['TGHU7654321']).mismatch).toBe(true);
    expect(requestContainerList('MSCU1234567', ['MSCU1234567', 'TGHU7654321']).mismatch).toBe(true);
    expect(requestContainerList('MSCU1234567', []).mismatch).toBe(true);
  });
});
