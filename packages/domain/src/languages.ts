/** The languages every user-facing string is translated into (access spec §1). */
export const languages = ['en', 'fr', 'nl', 'de', 'it'] as const;

export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en';

/** Narrows a language tag such as `nl-BE` to a supported language, falling back to English. */
export function toLanguage(tag: string | null | undefined): Language {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return (languages as readonly string[]).includes(base ?? '')
    ? (base as Language)
    : defaultLanguage;
}
