import { languages } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { adminLocales } from '../admin-i18n.ts';

type Tree = { [key: string]: string | Tree };

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

const english = flatten(adminLocales.en as Tree);
const others = languages.filter((language) => language !== 'en');

/** The admin sources, to find the keys they use. */
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('admin locales (DESIGN §5: all five complete)', () => {
  it.each(others)('%s has exactly the keys English has', (language) => {
    const keys = [...flatten(adminLocales[language] as Tree).keys()];
    const missing = [...english.keys()].filter((key) => !keys.includes(key));
    const extra = keys.filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(languages)('%s has no empty text', (language) => {
    const empty = [...flatten(adminLocales[language] as Tree)].filter(([, text]) => !text.trim());
    expect(empty).toEqual([]);
  });

  it.each(others)('%s keeps the placeholders of every English text', (language) => {
    const translated = flatten(adminLocales[language] as Tree);
    const mismatched = [...english]
      .filter(
        ([key, text]) =>
          placeholders(translated.get(key) ?? '').join() !== placeholders(text).join(),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it.each(others)('%s is translated, not an English copy', (language) => {
    const translated = flatten(adminLocales[language] as Tree);
    const copied = [...english].filter(([key, text]) => translated.get(key) === text);
    // Product names (SCR Premium, Alfapass, itsme), codes and "Terminal" are rightly the same.
    expect(copied.length / english.size).toBeLessThan(0.1);
  });

  it('has an English text for every fixed key the admin section uses', () => {
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z0-9.]+)'/g)) used.add(match[1]!);
      for (const match of source.matchAll(
        /'((?:validation|common|users|organizations|subscriptions|connections|terminals|apiKeys)\.[a-zA-Z0-9.]+)'/g,
      )) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((key) => !english.has(key))).toEqual([]);
  });
});
