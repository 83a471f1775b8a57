import type { TFunction } from 'i18next';

/** Field path → translation key (under the admin namespace), e.g. `email → validation.email`. */
export type FieldErrors = Record<string, string>;

/**
 * The per-field problems of a 400 validation_failed answer (`data.fields`, whose values are
 * `validation.*` keys), so each shows under its field.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  const data = (error as { data?: { fields?: unknown } } | null)?.data;
  const fields = data && typeof data.fields === 'object' && data.fields ? data.fields : {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The message for a field's problem; unknown keys read "Not valid." rather than a raw key. */
export function fieldMessage(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t(key, { defaultValue: t('validation.invalid') });
}

/** Whether an object of field problems has any. */
export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
