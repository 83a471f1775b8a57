import { formatTypedDate, portalTimeZone } from '@scr/domain';

/** A moment as people read it, in Brussels time (DESIGN §5). */
export function formatMoment(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: portalTimeZone,
  }).format(new Date(iso));
}

/** A `YYYY-MM-DD` date as it is typed, `DD/MM/YYYY`. */
export function formatDay(iso: string | null | undefined): string {
  return iso ? formatTypedDate(iso) : '—';
}
