import { BadRequest, GeneralError, MethodNotAllowed, NotFound } from '@feathersjs/errors';
import { errorCatalogue } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { appError } from './app-error.ts';
import { isDatabaseUnavailable, mapError } from './map-error.ts';

/** A PostgreSQL error as pg (and PGlite's adapter) raise it, message prefixed with SQL by knex. */
function pgError(code: string, message = 'insert into "organizations" … - boom') {
  return Object.assign(new Error(message), { code, severity: 'ERROR', constraint: 'x_unique' });
}

describe('appError', () => {
  it('builds the Feathers-style error of a catalogued code', () => {
    const error = appError('no_release_selected');
    expect(error.toJSON()).toEqual({
      name: 'BadRequest',
      message: errorCatalogue.no_release_selected.message,
      code: 400,
      className: 'bad-request',
      data: { code: 'no_release_selected', key: 'backend.error.no_release_selected' },
    });
  });

  it('carries field problems and a 413 that Feathers has no class for', () => {
    expect(appError('validation_failed', { fields: { email: 'x' } }).data.fields).toEqual({
      email: 'x',
    });
    expect(appError('payload_too_large').toJSON()).toMatchObject({
      name: 'PayloadTooLarge',
      code: 413,
    });
  });
});

describe('mapError', () => {
  it('maps a unique violation to 409 already_exists without the SQL text', () => {
    const { error, severity } = mapError(pgError('23505'));
    expect(error.toJSON()).toEqual({
      name: 'Conflict',
      message: 'This already exists.',
      code: 409,
      className: 'conflict',
      data: { code: 'already_exists', key: 'backend.error.already_exists' },
    });
    expect(severity).toBe('none');
  });

  it('maps a data exception (an id past the integer range) to 400, never 500 (issue 9 §7)', () => {
    for (const state of ['22003', '22P02', '22021']) {
      const { error, severity } = mapError(pgError(state));
      expect(error.code).toBe(400);
      expect(error.data).toEqual({ code: 'bad_request', key: 'backend.error.bad_request' });
      expect(severity).toBe('warn');
    }
    expect(mapError(pgError('42P01')).error.code).toBe(500);
  });

  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [new Error('Connection terminated unexpectedly')],
    [
      Object.assign(new Error('Knex: Timeout acquiring a connection.'), {
        name: 'KnexTimeoutError',
      }),
    ],
    [pgError('57P01', 'terminating connection due to administrator command')],
    [pgError('08006', 'connection failure')],
    [new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed')],
  ])('maps a connection failure to 503 database_unavailable: %s', (failure) => {
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const { error, severity } = mapError(failure);
    expect(error.code).toBe(503);
    expect(error.data.code).toBe('database_unavailable');
    expect(severity).toBe('warn');
  });

  it('maps Feathers and Koa HTTP errors to their codes', () => {
    expect(mapError(new NotFound('Path /x not found')).error.data.code).toBe('not_found');
    expect(mapError(new MethodNotAllowed('no')).error.data.code).toBe('method_not_allowed');
    expect(mapError(new BadRequest('bad')).error.data.code).toBe('bad_request');
    const koaBody = Object.assign(new Error('request entity too large'), { status: 413 });
    expect(mapError(koaBody).error.code).toBe(413);
  });

  it('maps schema validation errors to validation_failed with the fields', () => {
    const ajv = [
      { instancePath: '', keyword: 'required', params: { missingProperty: 'email' } },
      { instancePath: '/address/city', keyword: 'minLength', params: {} },
    ];
    const { error } = mapError(new BadRequest('validation failed', ajv));
    expect(error.data).toEqual({
      code: 'validation_failed',
      key: 'backend.error.validation_failed',
      fields: { email: 'validation.required', 'address.city': 'validation.minLength' },
    });
  });

  it('keeps an error that already has a catalogued code', () => {
    const original = appError('no_finalized_connection');
    expect(mapError(original)).toEqual({ error: original, severity: 'none' });
  });

  it.each([
    [new TypeError("Cannot read properties of undefined (reading 'id')")],
    [pgError('42P01', 'relation "nope" does not exist')],
    [new GeneralError('boom')],
    ['a string'],
    [null],
  ])('maps anything unexpected to 500 internal, to be logged: %s', (failure) => {
    const { error, severity } = mapError(failure);
    expect(error.toJSON()).toEqual({
      name: 'GeneralError',
      message: errorCatalogue.internal.message,
      code: 500,
      className: 'general-error',
      data: { code: 'internal', key: 'backend.error.internal' },
    });
    expect(severity).toBe('error');
    expect(JSON.stringify(error.toJSON())).not.toMatch(/relation|reading|boom|stack/);
  });
});
