import { errorTranslationKey, isErrorCode } from '@scr/domain';
import type { TFunction } from 'i18next';

/** The catalogued code of a failed API answer (Feathers puts it under `data.code`), if any. */
export function apiErrorCode(error: unknown) {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: unknown }).data;
  const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : null;
  return isErrorCode(code) ? code : null;
}

/**
 * The message to show a person for a failed call (access spec §8 "Backend errors"): the
 * translation of `backend.error.{code}` when the code is known, else "Error: {text}".
 */
export function describeApiError(error: unknown, t: TFunction): string {
  const code = apiErrorCode(error);
  if (code) return t(errorTranslationKey(code));
  const text = error instanceof Error && error.message ? error.message : String(error);
  return t('backend.unknownError', { text });
}
