import type { Logger } from '../logger.ts';
import { mapError } from './map-error.ts';
import type { AppError } from './app-error.ts';

/**
 * Maps a failure (see mapError) and logs it server-side when it deserves it: unexpected failures
 * with their stack, an unreachable database as a warning, callers' mistakes not at all.
 */
export function reportError(
  logger: Logger,
  error: unknown,
  context: Record<string, unknown>,
): AppError {
  const mapped = mapError(error);
  if (mapped.severity === 'error') {
    logger.error({ ...context, err: error }, 'unexpected failure');
  } else if (mapped.severity === 'warn') {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ ...context, reason: message }, 'database unavailable');
  }
  return mapped.error;
}
