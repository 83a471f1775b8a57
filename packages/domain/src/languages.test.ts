import { describe, expect, it } from 'vitest';
import { languages, toLanguage } from './languages.ts';

describe('access spec §1: supported languages de, en, fr, it, nl', () => {
  it('offers exactly the five languages', () => {
    expect([...languages].sort()).toEqual(['de', 'en', 'fr', 'it', 'nl']);
  });

  it('narrows browser language tags and falls back to English', () => {
    expect(toLanguage('nl-BE')).toBe('nl');
    expect(toLanguage('FR_be')).toBe('fr');
    expect(toLanguage('es-ES')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });
});
