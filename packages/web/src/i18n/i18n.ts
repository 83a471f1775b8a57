import { toLanguage, languages, type Language } from '@scr/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';
import nl from '../locales/nl.json';
import { applyDocumentLanguage, initialLanguage, storeLanguage } from './language-preference.ts';

/** Every locale, bundled: five small files are cheaper than a request per language. */
export const resources = {
  en: { translation: en },
  fr: { translation: fr },
  nl: { translation: nl },
  de: { translation: de },
  it: { translation: it },
} satisfies Record<Language, { translation: object }>;

export interface CreateI18nOptions {
  /** Start in this language instead of the stored or browser one (tests use it). */
  language?: Language;
}

/** A ready i18next instance; `<html lang>` and the tab title follow its language, whoever changes it. */
export function createI18n(options: CreateI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (tag) => {
    applyDocumentLanguage(toLanguage(tag));
    document.title = instance.t('shell.productName');
  });
  void instance.use(initReactI18next).init({
    resources,
    lng: options.language ?? initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** A person's explicit choice: remembered on this browser, unlike the detected language. */
export async function chooseLanguage(instance: I18n, language: Language): Promise<void> {
  storeLanguage(language);
  await instance.changeLanguage(language);
}

/** The language an i18next instance currently shows, narrowed to a supported one. */
export function currentLanguage(instance: I18n): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}
