import {
  releaseMessageText,
  releaseMessageValues,
  type ReleaseErrors,
  type ReleaseMessage,
} from '@scr/domain';
import { appError } from '../errors/app-error.ts';

/** One field's problem: the translation key the web shows and the English text for machines. */
export interface FieldError {
  key: string;
  message: string;
}
export type FieldErrors = Record<string, FieldError>;

/**
 * Domain release validation errors as field errors under `releases.validation.`; the English
 * text names the limit or the expected check digit from the value sent (issue 15), `values`
 * being the fields as sent, by name.
 */
export function fromReleaseErrors(
  errors: ReleaseErrors,
  values: Record<string, unknown> = {},
): FieldErrors {
  const fields: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (!message) continue;
    fields[field] = {
      key: `releases.validation.${message}`,
      message: releaseMessageText(
        message as ReleaseMessage,
        releaseMessageValues(field, values[field]),
      ),
    };
  }
  return fields;
}

/**
 * 400 validation_failed with `data.fields` (field → translation key) and the English text of
 * the first problem as the message. `prefix` is the index of an array item (`2.validUntil`).
 */
export function validationFailed(problems: { prefix?: string; errors: FieldErrors }[]) {
  const fields: Record<string, string> = {};
  let first: string | undefined;
  for (const { prefix, errors } of problems) {
    for (const [field, error] of Object.entries(errors)) {
      fields[prefix === undefined ? field : `${prefix}.${field}`] = error.key;
      first ??=
        prefix === undefined ? error.message : `Release ${Number(prefix) + 1}: ${error.message}`;
    }
  }
  return appError('validation_failed', { message: first, fields });
}

/** Field → translation key, as answers carry them. */
export function keysOf(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error.key]));
}
