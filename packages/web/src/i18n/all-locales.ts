import type { Language } from '@scr/domain';
import de from '../locales/de.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';
import nl from '../locales/nl.json';

/**
 * Every locale at once, for tests and the locale checks only: the app itself downloads English
 * and the language it shows (`i18n.ts`, issue 15), never all five.
 */
export const resources = {
  en: { translation: en },
  fr: { translation: fr },
  nl: { translation: nl },
  de: { translation: de },
  it: { translation: it },
} satisfies Record<Language, { translation: object }>;
