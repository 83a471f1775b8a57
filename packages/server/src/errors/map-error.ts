import { FeathersError } from '@feathersjs/errors';
import type { ErrorCode } from '@scr/domain';
import { appError, isAppError, type AppError } from './app-error.ts';

/**
 * How a failure should be logged: `none` for the caller's own mistakes, `warn` when the database
 * is away, `error` (with the stack) for anything we did not expect.
 */
export type ErrorSeverity = 'none' | 'warn' | 'error';

export interface MappedError {
  error: AppError;
  severity: ErrorSeverity;
}

/** Node and driver error codes that mean "the database cannot be reached". */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

const connectionMessages =
  /Connection terminated|connection timeout|timeout expired|Timeout acquiring a connection|Unable to acquire a connection|Client has encountered a connection error|Connection ended unexpectedly|PGlite failed to initialize|initdb stopped before the end/i;

/** SQLSTATE codes we map to something a caller can act on; the rest is `internal`. */
const sqlStates: Record<string, { code: ErrorCode; severity: ErrorSeverity }> = {
  '23505': { code: 'already_exists', severity: 'none' }, // unique_violation
  '40001': { code: 'conflict', severity: 'none' }, // serialization_failure
  '40P01': { code: 'conflict', severity: 'none' }, // deadlock_detected
  '55P03': { code: 'conflict', severity: 'none' }, // lock_not_available
};

/** Catalogue codes for Feathers' and Koa's own HTTP errors (unknown routes, bad JSON, …). */
const statusCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'bad_request',
  429: 'too_many_requests',
};

/**
 * Turns any failure into a catalogued error. The answer carries only the catalogue's status and
 * English message, never SQL text, constraint names or a stack; the severity says what to log.
 */
export function mapError(error: unknown): MappedError {
  // Already mapped (and logged) by the service error hook, or thrown on purpose with appError().
  if (isAppError(error)) return { error, severity: 'none' };
  if (isDatabaseUnavailable(error))
    return { error: appError('database_unavailable'), severity: 'warn' };
  const sqlState = sqlStateOf(error);
  if (sqlState !== undefined) {
    const known = sqlStates[sqlState];
    if (known) return { error: appError(known.code), severity: known.severity };
    // Class 22, data exception (a number out of range, text that is no number, …): the input
    // was bad, not the server; logged as a warning, since a service should have refused it first.
    if (sqlState.startsWith('22')) return { error: appError('bad_request'), severity: 'warn' };
    return internal();
  }
  if (error instanceof FeathersError && error.name === 'BadRequest' && Array.isArray(error.data)) {
    return {
      error: appError('validation_failed', { fields: validationFields(error.data) }),
      severity: 'none',
    };
  }
  const status = httpStatusOf(error);
  const code = status === undefined ? undefined : statusCodes[status];
  if (code) return { error: appError(code), severity: 'none' };
  return internal();
}

function internal(): MappedError {
  return { error: appError('internal'), severity: 'error' };
}

/** Whether a failure means the database is away (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && connectionCodes.has(code)) return true;
  if (error.name === 'KnexTimeoutError') return true;
  if (typeof code === 'string' && code.startsWith('08') && sqlStateOf(error)) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return sqlStateOf(error) === undefined && connectionMessages.test(error.message);
}

/** The SQLSTATE of a PostgreSQL error, from pg or from PGlite's copy of its protocol parser. */
function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string'
    ? code
    : undefined;
}

function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof FeathersError) return error.code;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Ajv errors from a schema validator → field path → translation key. */
function validationFields(errors: unknown[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of errors as Array<Record<string, unknown>>) {
    const params = (item.params ?? {}) as Record<string, unknown>;
    const base = String(item.instancePath ?? '')
      .replace(/^\//, '')
      .replaceAll('/', '.');
    const child = params.missingProperty ?? params.additionalProperty;
    const path = [base, child].filter((part) => part !== undefined && part !== '').join('.');
    fields[path || '_'] = `validation.${String(item.keyword ?? 'invalid')}`;
  }
  return fields;
}
