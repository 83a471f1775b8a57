import type { TFunction } from 'i18next';
import { describeApiError } from '../../api/errors.ts';
import { HttpError, NetworkError, statusOf } from '../../api/http.ts';

/** What the general error dialog shows for one failure. */
export interface ErrorContent {
  /** The HTTP status, when the failure had an answer. */
  status: number | null;
  text: string;
  /** A 401: closing the dialog reloads the page (releases spec §8). */
  reloadOnClose: boolean;
}

/** The failure's own text: the answer's message, or nothing. */
function ownText(error: unknown): string {
  if (error instanceof HttpError || error instanceof NetworkError) return error.message.trim();
  return error instanceof Error ? error.message.trim() : '';
}

/**
 * Releases spec §8 "Generic error dialog", access spec §8 "401 generic dialog": the status and
 * the text; a 401 shows the authentication message, or "session expired" when its text is
 * empty and the token has expired, and closing it reloads the page. Any other failure shows the
 * catalogue's translation of its code, else "Error: {text}".
 */
export function errorContent(error: unknown, t: TFunction, tokenExpired: boolean): ErrorContent {
  const status = statusOf(error);
  if (status === 401) {
    const text =
      !ownText(error) && tokenExpired ? t('session.expired') : t('errorDialog.authentication');
    return { status, text, reloadOnClose: true };
  }
  return { status, text: describeApiError(error, t), reloadOnClose: false };
}
