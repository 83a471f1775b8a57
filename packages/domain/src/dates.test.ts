import { describe, expect, it } from 'vitest';
import {
  addDays,
  brusselsFileTimestamp,
  formatBrusselsDateTime,
  formatTypedDate,
  isIsoDate,
  parseTypedDate,
  todayInBrussels,
} from './dates.ts';

describe('releases spec §3: dates are typed DD/MM/YYYY and sent YYYY-MM-DD', () => {
  it('parses typed dates into ISO dates', () => {
    expect(parseTypedDate('21/11/2026')).toBe('2026-11-21');
    expect(parseTypedDate(' 1/2/2027 ')).toBe('2027-02-01');
  });

  it('refuses dates that do not exist or are not in the typed form', () => {
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('2026-11-21')).toBeNull();
    expect(parseTypedDate('21-11-2026')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });

  it('shows ISO dates in the typed form', () => {
    expect(formatTypedDate('2026-01-05')).toBe('05/01/2026');
    expect(() => formatTypedDate('05/01/2026')).toThrow(RangeError);
  });

  it('checks ISO dates for real calendar days, leap years included', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
  });
});

describe('DESIGN §5: "today" is today in Europe/Brussels', () => {
  it('is already tomorrow in Brussels late in the UTC evening', () => {
    // 23:30 UTC on 21 November is 00:30 on 22 November in Brussels (CET, UTC+1).
    expect(todayInBrussels(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
  });

  it('follows summer time (CEST, UTC+2)', () => {
    expect(todayInBrussels(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(todayInBrussels(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });
});

describe('calendar day arithmetic (releases spec §9: today plus 60 days)', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2026-11-21', 60)).toBe('2027-01-20');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('releases spec §9: audit trail times in Brussels time', () => {
  it('shows a UTC moment on the Brussels clock, winter and summer', () => {
    expect(formatBrusselsDateTime('2026-11-21T09:30:00.000Z')).toBe('21/11/2026 10:30:00');
    expect(formatBrusselsDateTime('2026-07-01T22:05:09Z')).toBe('02/07/2026 00:05:09');
    expect(formatBrusselsDateTime('not a time')).toBe('not a time');
  });

  it('stamps export file names with the Brussels wall clock', () => {
    expect(brusselsFileTimestamp(new Date('2026-11-21T09:30:00Z'))).toBe('20261121-103000');
    expect(brusselsFileTimestamp(new Date('2026-03-29T01:00:00Z'))).toBe('20260329-030000');
  });
});
