import type { ReportPeriod, SuccessReport } from '../api/transporters.ts';

/**
 * The assignment success report (access spec §2 "Assignment success report", §7
 * "Transporters", §9 "Report periods: 1 week, 1 month, all"; releases spec §3 "Assignment":
 * checked value, assigned value, check time, reason, count).
 */

/**
 * The first moment a period covers, or null for all: one week (7 × 24 hours) or one calendar
 * month (the same day and time a month earlier, the last day of a shorter month) before `now`.
 */
export function reportPeriodStart(period: ReportPeriod, now: Date = new Date()): Date | null {
  if (period === 'all') return null;
  if (period === 'week') return new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const start = new Date(now.getTime());
  const day = start.getUTCDate();
  start.setUTCDate(1);
  start.setUTCMonth(start.getUTCMonth() - 1);
  const lastDay = new Date(
    Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0),
  ).getUTCDate();
  start.setUTCDate(Math.min(day, lastDay));
  return start;
}

/**
 * The overview of the gate checks counted: how many, how many allowed (succeeded) and refused
 * (failed), and the success rate in percent with one decimal (null when there was no check,
 * rather than a made-up 0 or 100).
 */
export function successOverview(counts: {
  succeeded: number;
  failed: number;
}): SuccessReport['overview'] {
  const total = counts.succeeded + counts.failed;
  return {
    total,
    succeeded: counts.succeeded,
    failed: counts.failed,
    successRate: total === 0 ? null : Math.round((counts.succeeded / total) * 1000) / 10,
  };
}
