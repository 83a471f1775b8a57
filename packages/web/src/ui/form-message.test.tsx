import {
  formLabels,
  formMessageText as englishText,
  genericFormMessage,
  genericFormMessageKeys,
  languages,
  lengthOf,
  noMoreThan,
  required,
  startsWith,
  type FormLabelId,
} from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { fieldMessage, formMessageText } from './form-message.ts';

const labelIds = Object.keys(formLabels) as FormLabelId[];

describe('the generic form messages in five languages (releases spec §5, access spec §5)', () => {
  it('says every form’s generic message in English as the domain’s template writes it', () => {
    const { t } = createI18n({ language: 'en' });
    expect(genericFormMessageKeys.length).toBeGreaterThan(20);
    for (const key of genericFormMessageKeys) {
      const message = genericFormMessage(key)!;
      expect(fieldMessage(t, key, { prefixes: 'HLCU' })).toBe(
        englishText(message, { prefixes: 'HLCU' }),
      );
    }
  });

  it.each(languages)('has every template and label in %s, filled in', (language) => {
    const { t } = createI18n({ language });
    const texts = [
      ...labelIds.map((label) => formMessageText(t, required(label))),
      formMessageText(t, required({ text: 'Reference' })),
      formMessageText(t, startsWith('blNumber'), { prefixes: 'HLCU' }),
      ...(['length', 'minLength', 'maxLength'] as const).flatMap((template) =>
        (['characters', 'digits'] as const).map((unit) =>
          formMessageText(t, { template, n: 7, unit }),
        ),
      ),
      formMessageText(t, { template: 'email' }),
      formMessageText(t, { template: 'passwordMatch' }),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/form\.|{{|}}/);
      expect(text.trim()).not.toBe('');
    }
    expect(formMessageText(t, startsWith('blNumber'), { prefixes: 'HLCU' })).toContain('HLCU');
    expect(formMessageText(t, noMoreThan(35, 'characters'))).toContain('35');
  });

  it('says them in the words of each language', () => {
    const say = (language: (typeof languages)[number]) => {
      const { t } = createI18n({ language });
      return [
        formMessageText(t, required('eniNumber')),
        formMessageText(t, lengthOf(6, 'digits')),
        formMessageText(t, required({ text: 'Referenz' })),
      ];
    };
    expect(say('en')).toEqual([
      'Please provide an ENI number',
      'Please enter 6 digits',
      'Please provide a Referenz',
    ]);
    expect(say('fr')).toEqual([
      'Veuillez indiquer un numéro ENI',
      'Veuillez saisir 6 chiffres',
      'Veuillez indiquer une valeur pour « Referenz »',
    ]);
    expect(say('de')).toEqual([
      'Bitte geben Sie eine ENI-Nummer an',
      'Bitte geben Sie 6 Ziffern ein',
      'Bitte geben Sie einen Wert für „Referenz“ an',
    ]);
    expect(say('nl')[0]).toBe('Geef een ENI-nummer op');
    expect(say('it')[1]).toBe('Inserisca 6 cifre');
  });
});
