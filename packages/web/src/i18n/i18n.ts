import { toLanguage, languages, type Language } from '@scr/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCore from '../locales/en.json?part=core';
import { applyDocumentLanguage, initialLanguage, storeLanguage } from './language-preference.ts';
import type { LocalePart } from './locale-parts.ts';

type Strings = Record<string, unknown>;
type PartLoader = () => Promise<{ default: Strings }>;

/**
 * Issue 15: the first download carries only the core of the English strings (the fallback of
 * every key; `locale-parts.ts`). Each language's core arrives when that language is first
 * shown, and the feature groups with the first signed-in page (`loadFeatureStrings`). Tests
 * preload all five whole (`preloadLocales`), so they never wait for one.
 */
const partLoaders: Record<Language, Partial<Record<LocalePart, PartLoader>>> = {
  en: { features: () => import('../locales/en.json?part=features') },
  fr: {
    core: () => import('../locales/fr.json?part=core'),
    features: () => import('../locales/fr.json?part=features'),
  },
  nl: {
    core: () => import('../locales/nl.json?part=core'),
    features: () => import('../locales/nl.json?part=features'),
  },
  de: {
    core: () => import('../locales/de.json?part=core'),
    features: () => import('../locales/de.json?part=features'),
  },
  it: {
    core: () => import('../locales/it.json?part=core'),
    features: () => import('../locales/it.json?part=features'),
  },
};

const loadedParts = new Map<string, Strings>([['en:core', enCore]]);
/** Which parts each instance holds already, as `language:part`. */
const added = new WeakMap<I18n, Set<string>>();
const instances = new Set<I18n>();
let featuresWanted = false;

/** Makes whole locales available at once, without a download (tests, with `all-locales.ts`). */
export function preloadLocales(locales: Partial<Record<Language, { translation: object }>>) {
  for (const [language, { translation }] of Object.entries(locales)) {
    loadedParts.set(`${language}:core`, translation as Strings);
    loadedParts.set(`${language}:features`, {});
  }
}

async function partOf(language: Language, part: LocalePart): Promise<Strings> {
  const key = `${language}:${part}`;
  const known = loadedParts.get(key);
  if (known) return known;
  const { default: strings } = await partLoaders[language][part]!();
  loadedParts.set(key, strings);
  return strings;
}

/**
 * Adds what an instance lacks of a language (and of English, the fallback): its core, and its
 * feature groups once those are wanted. Answers whether anything was added.
 */
export async function ensureLanguage(instance: I18n, language: Language): Promise<boolean> {
  const has = added.get(instance) ?? new Set<string>();
  added.set(instance, has);
  const parts: LocalePart[] = featuresWanted ? ['core', 'features'] : ['core'];
  const wanted = [...new Set<Language>(['en', language])].flatMap((lang) =>
    parts.map((part) => [lang, part] as const).filter(([l, p]) => !has.has(`${l}:${p}`)),
  );
  await Promise.all(
    wanted.map(async ([lang, part]) => {
      instance.addResourceBundle(lang, 'translation', await partOf(lang, part), true, false);
      has.add(`${lang}:${part}`);
    }),
  );
  return wanted.length > 0;
}

/**
 * The feature groups of every language in use, before a signed-in page renders (the routes and
 * the help drawer wait for it); once loaded, later language switches bring them too.
 */
export async function loadFeatureStrings(): Promise<void> {
  featuresWanted = true;
  await Promise.all(
    [...instances].map((instance) => ensureLanguage(instance, currentLanguage(instance))),
  );
}

export interface CreateI18nOptions {
  /** Start in this language instead of the stored or browser one (tests use it). */
  language?: Language;
}

/** A ready i18next instance; `<html lang>` and the tab title follow its language, whoever changes it. */
export function createI18n(options: CreateI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  instances.add(instance);
  const resources: Record<string, { translation: Strings }> = {};
  const has = new Set<string>();
  for (const [key, strings] of loadedParts) {
    const [language] = key.split(':') as [string];
    resources[language] = { translation: { ...resources[language]?.translation, ...strings } };
    has.add(key);
  }
  added.set(instance, has);
  instance.on('languageChanged', (tag) => {
    const language = toLanguage(tag);
    applyDocumentLanguage(language);
    document.title = instance.t('shell.productName');
    // Switched to a language not downloaded yet (whoever switched): fetch it, then show it.
    void ensureLanguage(instance, language)
      .then(async (more) => {
        if (more && instance.language === tag) await instance.changeLanguage(tag);
      })
      .catch(() => undefined);
  });
  void instance.use(initReactI18next).init({
    resources,
    partialBundledLanguages: true,
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
  await ensureLanguage(instance, language);
  await instance.changeLanguage(language);
}

/** The language an i18next instance currently shows, narrowed to a supported one. */
export function currentLanguage(instance: I18n): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}
