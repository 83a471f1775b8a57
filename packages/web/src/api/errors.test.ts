import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/all-locales.ts';
import { apiErrorCode, describeApiError } from './errors.ts';

const i18n = createInstance();
await i18n.init({ resources, lng: 'fr', initAsync: false, interpolation: { escapeValue: false } });

describe('describeApiError', () => {
  it('translates a catalogued code under backend.error.{code}', () => {
    const failure = Object.assign(new Error('Forbidden'), {
      data: { code: 'forbidden', key: 'backend.error.forbidden' },
    });
    expect(apiErrorCode(failure)).toBe('forbidden');
    expect(describeApiError(failure, i18n.t)).toBe('Vous n’êtes pas autorisé à faire ceci.');
  });

  it('falls back to "error: text" for an unknown code', () => {
    const failure = Object.assign(new Error('teapot'), { data: { code: 'brewing' } });
    expect(apiErrorCode(failure)).toBeNull();
    expect(describeApiError(failure, i18n.t)).toBe('Erreur : teapot');
  });
});
