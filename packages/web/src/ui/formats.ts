import { formatTypedDate, portalTimeZone, toLanguage } from '@scr/domain';

/**
 * Issue 15: one date and number format per language everywhere. Dates are written as they are
 * typed in the portal, DD/MM/YYYY, whatever the language (DESIGN §5); times on the Brussels
 * clock, 24-hour, HH:mm; numbers with each language's own separators, English as in Britain.
 */
export const none = '—';

const numberLocales = { en: 'en-GB', fr: 'fr-BE', nl: 'nl-BE', de: 'de-DE', it: 'it-IT' } as const;

/** The locale whose separators a language's numbers use. */
export function numberLocale(language: string): string {
  return numberLocales[toLanguage(language)];
}

/** A `YYYY-MM-DD` date (or an ISO moment's date) as `DD/MM/YYYY`; a dash when there is none. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return none;
  try {
    return formatTypedDate(iso.slice(0, 10));
  } catch {
    return iso;
  }
}

const momentParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: portalTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as `DD/MM/YYYY HH:mm` on the Brussels clock; a dash when there is none. */
export function formatMoment(iso: string | Date | null | undefined): string {
  if (!iso) return none;
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  const part = Object.fromEntries(
    momentParts.formatToParts(date).map((item) => [item.type, item.value]),
  );
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** A count or amount with the language's separators (1,234 · 1.234 · 1 234). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language)).format(value);
}
