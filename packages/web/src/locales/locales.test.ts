import { errorCodes, errorTranslationKey, languages } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/all-locales.ts';
import { mayStayEnglish } from './same-as-english.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a locale as `dotted.key → text`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text);
  }
  return leaves;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = flatten(resources.en.translation as Tree);
const others = languages.filter((language) => language !== 'en');

describe('locales (DESIGN §5: all five complete)', () => {
  it.each(others)('%s has exactly the keys English has', (language) => {
    const keys = [...flatten(resources[language].translation as Tree).keys()];
    const missing = [...english.keys()].filter((key) => !keys.includes(key));
    const extra = keys.filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(languages)('%s has no empty text', (language) => {
    const empty = [...flatten(resources[language].translation as Tree)]
      .filter(([, text]) => text.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(others)('%s keeps the placeholders of every English text', (language) => {
    const translated = flatten(resources[language].translation as Tree);
    const mismatched = [...english]
      .filter(([key, text]) => {
        const other = translated.get(key);
        return other !== undefined && placeholders(other).join() !== placeholders(text).join();
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it.each(others)('%s is translated, not an English copy', (language) => {
    const translated = flatten(resources[language].translation as Tree);
    const copied = [...english].filter(([key, text]) => translated.get(key) === text);
    // Brand names, "OK", "Cookies" and the languages' own names are rightly the same.
    expect(copied.length / english.size).toBeLessThan(0.25);
  });

  it.each(others)(
    'issue 15: %s leaves no English text, tooltips included, but the reasoned same words',
    (language) => {
      const translated = flatten(resources[language].translation as Tree);
      const leftovers = [...english]
        .filter(([key, text]) => translated.get(key) === text && !mayStayEnglish(text, language))
        .map(([key, text]) => `${key}: ${text}`);
      expect(leftovers).toEqual([]);
    },
  );

  it('issue 15: MUI’s own words (Clear, Open, No options, paging) are keys the test sees', () => {
    for (const key of ['mui.clear', 'mui.open', 'mui.close', 'mui.noOptions', 'paging.rowsPerPage'])
      expect(english.get(key)).toBeTruthy();
  });

  it('issue 15: the allow-list refuses an English word left in a locale', () => {
    expect(mayStayEnglish('Audit trail', 'it')).toBe(false);
    expect(mayStayEnglish('Clear', 'fr')).toBe(false);
    expect(mayStayEnglish('SCR Premium', 'it')).toBe(true);
    expect(mayStayEnglish('{{from}}-{{to}}', 'de')).toBe(true);
  });

  it.each(languages)('%s translates every error code of the domain catalogue', (language) => {
    const keys = flatten(resources[language].translation as Tree);
    const missing = errorCodes.filter((code) => !keys.get(errorTranslationKey(code))?.trim());
    expect(missing).toEqual([]);
  });

  it('lists each language under its own name in every locale', () => {
    for (const language of languages) {
      const names = flatten(resources[language].translation as Tree);
      expect(names.get('language.fr')).toBe('Français');
      expect(names.get(`language.${language}`)).toBe(english.get(`language.${language}`));
    }
  });
});
