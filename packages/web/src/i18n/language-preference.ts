import { languages, toLanguage, type Language } from '@scr/domain';

/** The localStorage key that remembers the language a person chose in the top bar. */
export const languageStorageKey = 'scr.language';

/** The language chosen before on this browser, if any and if still supported. */
export function readStoredLanguage(storage: Storage | undefined = globalThis.localStorage) {
  const stored = safely(() => storage?.getItem(languageStorageKey)) ?? null;
  return stored !== null && (languages as readonly string[]).includes(stored)
    ? (stored as Language)
    : null;
}

/** Remembers the chosen language; private browsing modes may refuse, which is harmless. */
export function storeLanguage(
  language: Language,
  storage: Storage | undefined = globalThis.localStorage,
) {
  safely(() => storage?.setItem(languageStorageKey, language));
}

/** The language to start in: the stored choice, else the browser's, else English. */
export function initialLanguage(): Language {
  return readStoredLanguage() ?? toLanguage(globalThis.navigator?.language);
}

/** Screen readers and hyphenation follow `<html lang>`, so it must track the chosen language. */
export function applyDocumentLanguage(language: Language, doc: Document = document) {
  doc.documentElement.lang = language;
}

function safely<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}
