/**
 * Issue 9 §7 "No 5xx on bad input": hostile route names (`/api/__proto__`, `/api/constructor`,
 * hostile ids, …) with hostile query strings, signed in as every kind of caller, answer 404 or
 * 405, never a 5xx, a stack or SQL text. The generators, the cast and `FUZZ_SEED` /
 * `FUZZ_SURVEY` are in bad-input-kit.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { fuzzKit, runs, type Call } from './bad-input-kit.ts';
import { hostileId, queryString } from './bad-input-values.ts';

const kit = fuzzKit('routes');
const { send, check } = kit;
let callers: Array<string | null> = [];

beforeAll(async () => {
  ({ callers } = await kit.start());
}, 60_000);

afterAll(() => kit.stop());

describe('issue 9 §7: no 5xx on bad input (fuzz)', () => {
  it('issue 9 §7: hostile route names (/api/__proto__, /api/constructor, …) answer 404 or 405', async () => {
    const names = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '__defineGetter__',
      'isPrototypeOf',
      'users/__proto__',
      'users/constructor/prototype',
      'releases/__proto__/x',
      '__proto__/__proto__',
      '%00',
      '%ED%A0%80',
      '..%2f..%2fetc%2fpasswd',
      'releases/..%2fusers',
      'a'.repeat(10_000),
      '',
      '/',
      '//',
      'bills-of-lading/terms',
      'bills-of-lading/terms/',
      'two-factor',
      'api',
    );
    const call = fc
      .record({
        name: fc.oneof(names, hostileId),
        verb: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'),
        query: queryString,
        auth: fc.constantFrom(...callers),
      })
      .map(({ name, verb, query, auth }): Call => ({
        method: verb,
        url: `/api/${name}${query ? `?${query}` : ''}`,
        auth,
        ...(verb === 'POST' || verb === 'PATCH' || verb === 'PUT'
          ? { body: '{"a":"\\u0000"}' }
          : {}),
      }));
    await check('routes', fc.asyncProperty(call, send), runs.routes);
  }, 120_000);
});
