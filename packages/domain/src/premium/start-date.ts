import { addDays, isIsoDate, type IsoDate } from '../dates.ts';

/** Day of the week of an ISO date: 0 Sunday … 6 Saturday. */
function weekday(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Whether a date is a business day (Monday to Friday). */
export function isBusinessDay(date: IsoDate): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6;
}

/** The first business day after a date: Friday, Saturday and Sunday all lead to Monday. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let next = addDays(date, 1);
  while (!isBusinessDay(next)) next = addDays(next, 1);
  return next;
}

/**
 * Access spec §4 "Premium order": Premium starts on the next business day, or the day after the
 * current Premium end date (the ordering organisation's) when that is still to come; a Friday or Saturday end moves the start
 * to Monday (a Sunday end starts on Monday anyway). An end already past does not count.
 */
export function premiumStartDate(today: IsoDate, currentEnd: IsoDate | null): IsoDate {
  const from = currentEnd && isIsoDate(currentEnd) && currentEnd > today ? currentEnd : today;
  return nextBusinessDay(from);
}
