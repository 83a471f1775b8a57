import {
  atLeast,
  emailInvalid,
  passwordsMatch,
  required,
  type FormLabelId,
  type FormMessage,
} from '@scr/domain';
import type { TFunction } from 'i18next';
import { formMessageText } from '../../../ui/form-message.ts';
import { minimumPasswordLength } from './passwords.ts';

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

/**
 * Access spec §5 "Generic form messages": the administration's problems said with the forms'
 * templates. A required field names its label, when the form gives it.
 */
function genericMessage(key: string, label: FormLabelId | undefined): FormMessage | undefined {
  switch (key) {
    case 'validation.required':
      return label ? required(label) : undefined;
    case 'validation.email':
      return emailInvalid();
    case 'validation.password':
      return atLeast(minimumPasswordLength, 'characters');
    case 'validation.passwordMismatch':
      return passwordsMatch();
    default:
      return undefined;
  }
}

/**
 * The message for a field's problem, `label` naming the field for the generic required message
 * ("Please provide a/an {label}"; without it "Please fill this in."); unknown keys read "Not
 * valid." rather than a raw key.
 */
export function fieldMessage(
  t: TFunction,
  key: string | undefined,
  label?: FormLabelId,
): string | undefined {
  if (!key) return undefined;
  const generic = genericMessage(key, label);
  if (generic) return formMessageText(t, generic);
  return t(key, { defaultValue: t('validation.invalid') });
}

/** Whether an object of field problems has any. */
export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
