/** The time zone the portal reasons in: "today" is today in Brussels (DESIGN §5). */
export const portalTimeZone = 'Europe/Brussels';

/** An ISO calendar date, `YYYY-MM-DD`, as dates are sent (releases spec §3). */
export type IsoDate = string;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const typedDatePattern = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

// en-CA formats as YYYY-MM-DD. Made once: building a time-zone formatter costs far more than
// using one, and "today" is asked on every sign-in, overview query and expiry run.
const brusselsDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: portalTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Brussels, whatever the machine's own time zone. */
export function todayInBrussels(now: Date = new Date()): IsoDate {
  return brusselsDate.format(now);
}

/** Whether a string is a real calendar date in `YYYY-MM-DD` form (no 31 February). */
export function isIsoDate(value: string): boolean {
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Turns a date typed as `DD/MM/YYYY` into `YYYY-MM-DD`, or null when it is not a real date. */
export function parseTypedDate(typed: string): IsoDate | null {
  const match = typedDatePattern.exec(typed.trim());
  if (!match) return null;
  const [, d, m, y] = match as unknown as [string, string, string, string];
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * Whether a date typed as `DD/MM/YYYY` is another real date read as `MM/DD/YYYY`, as a
 * spreadsheet set to American dates writes it: `1/5/2027` is 1 May, or 5 January.
 */
export function isAmbiguousTypedDate(typed: string): boolean {
  const match = typedDatePattern.exec(typed.trim());
  if (!match || parseTypedDate(typed) === null) return false;
  const [day, month] = [Number(match[1]), Number(match[2])];
  return day !== month && day <= 12;
}

/** Shows a `YYYY-MM-DD` date the way users type it, `DD/MM/YYYY`. */
export function formatTypedDate(iso: IsoDate): string {
  const match = isoDatePattern.exec(iso);
  if (!match) throw new RangeError(`not an ISO date: ${iso}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** Adds whole calendar days to an ISO date. */
export function addDays(iso: IsoDate, days: number): IsoDate {
  if (!isIsoDate(iso)) throw new RangeError(`not an ISO date: ${iso}`);
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The parts of a moment on the Brussels wall clock, zero-padded. */
function brusselsParts(
  moment: Date,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: portalTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/**
 * A moment (an ISO-8601 time or a Date) in Brussels time as `DD/MM/YYYY HH:mm:ss`, the way the
 * audit trail shows it (releases spec §9); the text as given when it is no time.
 */
export function formatBrusselsDateTime(moment: string | Date): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return String(moment);
  const p = brusselsParts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** A moment in Brussels time as `YYYYMMDD-HHmmss`, for file names (releases spec §9). */
export function brusselsFileTimestamp(moment: Date = new Date()): string {
  const p = brusselsParts(moment);
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`;
}
