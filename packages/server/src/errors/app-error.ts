import { FeathersError } from '@feathersjs/errors';
import { errorCatalogue, errorTranslationKey, isErrorCode } from '@scr/domain';
import type { ErrorCode, ErrorDetails } from '@scr/domain';

/** Feathers' name and class name for each status the catalogue uses. */
const httpNames: Record<number, [name: string, className: string]> = {
  400: ['BadRequest', 'bad-request'],
  401: ['NotAuthenticated', 'not-authenticated'],
  403: ['Forbidden', 'forbidden'],
  404: ['NotFound', 'not-found'],
  405: ['MethodNotAllowed', 'method-not-allowed'],
  409: ['Conflict', 'conflict'],
  413: ['PayloadTooLarge', 'payload-too-large'],
  415: ['UnsupportedMediaType', 'unsupported-media-type'],
  429: ['TooManyRequests', 'too-many-requests'],
  500: ['GeneralError', 'general-error'],
  503: ['Unavailable', 'unavailable'],
};

export interface AppErrorOptions {
  /** English text for machine clients; the catalogue's message when left out. */
  message?: string;
  /** Per-field problems of a validation failure: field path → translation key. */
  fields?: Record<string, string>;
  /** `transporter_has_assignments`: the releases the change would unassign. */
  assignedReleases?: ErrorDetails['assignedReleases'];
  /** `too_many_requests`: how many seconds to wait. */
  retryAfterSeconds?: number;
}

/** A failure the portal answers with: a Feathers error whose `data` is `ErrorDetails`. */
export type AppError = FeathersError & { readonly data: ErrorDetails };

/**
 * Makes the error for a catalogued code, with the catalogue's status and English message, e.g.
 * `throw appError('no_release_selected')`. REST and socket.io clients both receive
 * `{ name, message, code: <status>, className, data: { code, key } }`.
 */
export function appError(code: ErrorCode, options: AppErrorOptions = {}): AppError {
  const { status, message } = errorCatalogue[code];
  const [name, className] = httpNames[status] ?? ['GeneralError', 'general-error'];
  const data: ErrorDetails = { code, key: errorTranslationKey(code) };
  if (options.fields) data.fields = options.fields;
  if (options.assignedReleases) data.assignedReleases = options.assignedReleases;
  if (options.retryAfterSeconds !== undefined) data.retryAfterSeconds = options.retryAfterSeconds;
  return new FeathersError(options.message ?? message, name, status, className, data) as AppError;
}

/** Whether an error already carries a catalogued code, so it passes through untouched. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof FeathersError && isErrorCode((error.data as { code?: unknown })?.code);
}
