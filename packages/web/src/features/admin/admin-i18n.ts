import type { Language } from '@scr/domain';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import nl from './locales/nl.json';

/** The i18next namespace of the admin section: its strings arrive with its lazily loaded chunk. */
export const adminNamespace = 'admin';

export const adminLocales = { en, fr, nl, de, it } satisfies Record<Language, object>;

/** Adds the admin strings of all five languages to an i18next instance (once). */
export function addAdminTranslations(i18n: I18n): void {
  for (const [language, strings] of Object.entries(adminLocales)) {
    if (!i18n.hasResourceBundle(language, adminNamespace)) {
      i18n.addResourceBundle(language, adminNamespace, strings, true, false);
    }
  }
}

/** Registers the admin strings before the first admin component renders. */
export function useAdminTranslations(): void {
  const { i18n } = useTranslation();
  useState(() => addAdminTranslations(i18n));
}

/**
 * The admin section's `t`, and the app's own `tApp` for what lives there (the error catalogue's
 * `backend.error.*` texts used by `describeApiError`).
 */
export function useAdminT() {
  const { t, i18n } = useTranslation(adminNamespace);
  const { t: tApp } = useTranslation();
  return { t, tApp, i18n };
}
