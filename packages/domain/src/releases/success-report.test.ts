import { describe, expect, it } from 'vitest';
import { reportPeriodStart, successOverview } from './success-report.ts';

describe('access spec §2 "Assignment success report", §9 "Report periods: 1 week, 1 month, all"', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');

  it('1 week starts seven days earlier', () => {
    expect(reportPeriodStart('week', now)?.toISOString()).toBe('2026-11-16T10:00:00.000Z');
  });

  it('1 month starts the same day a month earlier, or the last day of a shorter month', () => {
    expect(reportPeriodStart('month', now)?.toISOString()).toBe('2026-10-23T10:00:00.000Z');
    expect(reportPeriodStart('month', new Date('2026-03-31T08:00:00.000Z'))?.toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    expect(reportPeriodStart('month', new Date('2026-01-15T08:00:00.000Z'))?.toISOString()).toBe(
      '2025-12-15T08:00:00.000Z',
    );
  });

  it('all has no start', () => {
    expect(reportPeriodStart('all', now)).toBeNull();
  });
});

describe('releases spec §3 "Assignment": the report overview counts checks', () => {
  it('counts allowed and refused checks and the rate in percent', () => {
    expect(successOverview({ succeeded: 2, failed: 1 })).toEqual({
      total: 3,
      succeeded: 2,
      failed: 1,
      successRate: 66.7,
    });
  });

  it('has no rate without checks', () => {
    expect(successOverview({ succeeded: 0, failed: 0 })).toEqual({
      total: 0,
      succeeded: 0,
      failed: 0,
      successRate: null,
    });
  });
});
