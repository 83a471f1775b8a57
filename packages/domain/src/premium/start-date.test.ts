import { describe, expect, it } from 'vitest';
import { isBusinessDay, nextBusinessDay, premiumStartDate } from './start-date.ts';

// 2026-11-23 is a Monday.
const week = {
  monday: '2026-11-23',
  tuesday: '2026-11-24',
  wednesday: '2026-11-25',
  thursday: '2026-11-26',
  friday: '2026-11-27',
  saturday: '2026-11-28',
  sunday: '2026-11-29',
  nextMonday: '2026-11-30',
} as const;

/** A date on each day of that week and the business day after it (Friday to Sunday: Monday). */
const eachWeekday = [
  ['Monday', week.monday, week.tuesday],
  ['Tuesday', week.tuesday, week.wednesday],
  ['Wednesday', week.wednesday, week.thursday],
  ['Thursday', week.thursday, week.friday],
  ['Friday', week.friday, week.nextMonday],
  ['Saturday', week.saturday, week.nextMonday],
  ['Sunday', week.sunday, week.nextMonday],
] as const;

describe('access spec §4 "Premium order": the start date after a current end', () => {
  const today = '2026-11-02'; // a Monday, weeks before those ends
  it.each(eachWeekday)('a plan ending on a %s (%s) is followed on %s', (_day, end, start) => {
    expect(premiumStartDate(today, end)).toBe(start);
  });
});

describe('access spec §4 "Premium order": without a current end, the next business day', () => {
  it.each(eachWeekday)('ordered on a %s (%s), Premium starts on %s', (_day, today, start) => {
    expect(premiumStartDate(today, null)).toBe(start);
  });

  it('an end already past, or today, counts as none', () => {
    expect(premiumStartDate(week.wednesday, week.monday)).toBe(week.thursday);
    expect(premiumStartDate(week.friday, week.friday)).toBe(week.nextMonday);
  });

  it('crosses months and years', () => {
    expect(premiumStartDate('2026-12-30', '2026-12-31')).toBe('2027-01-01');
    expect(nextBusinessDay('2027-01-01')).toBe('2027-01-04');
  });
});

describe('business days', () => {
  it('Monday to Friday are business days', () => {
    expect(Object.values(week).map(isBusinessDay)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      true,
    ]);
  });
});
