import { releaseMessageValues, type ReleaseErrors } from '@scr/domain';
import type { TFunction } from 'i18next';
import { fieldMessage } from '../../../ui/form-message.ts';

/** Field → translation key of its message. */
export type FieldKeys = Record<string, string>;

/** Domain message keys (`blNumberRequired`) as translation keys (`releases.validation.…`). */
export function domainFieldKeys(errors: ReleaseErrors): FieldKeys {
  const keys: FieldKeys = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message) keys[field] = `releases.validation.${message}`;
  }
  return keys;
}

/**
 * The messages to show under the fields, naming the limit, the length typed or the expected
 * check digit from the field's value (releases spec §5), the required ones with the generic template
 * (releases spec §5); an unknown key reads "This value is not valid."
 */
export function translateFieldKeys(
  t: TFunction,
  keys: FieldKeys,
  values: Partial<Record<string, string>> = {},
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(keys).map(([field, key]) => [
      field,
      fieldMessage(t, key, {
        defaultValue: t('releases.form.invalidField'),
        ...releaseMessageValues(field, values[field]),
      }),
    ]),
  );
}
