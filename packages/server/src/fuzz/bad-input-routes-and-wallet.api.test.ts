/**
 * Issue 9 §7 "No 5xx on bad input", outside the services (bad-input-services.api.test.ts):
 * - hostile route names (`/api/__proto__`, `/api/constructor`, hostile ids, …) with hostile query
 *   strings, signed in as every kind of caller, answer 404 or 405;
 * - hostile calls to the cloud wallet (`/wallet/sign`, `unlock`, `pincodes/open`, …): mutated or
 *   wholly hostile JSON bodies, with a real, a wrong or no wallet token;
 * never with a 5xx, a stack or SQL text. One file, so that one app and cast serve both. The
 * generators are in bad-input-values.ts; the cast and `FUZZ_SEED` / `FUZZ_SURVEY` in
 * bad-input-kit.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { fuzzKit, runs, type Call } from './bad-input-kit.ts';
import {
  fieldName,
  hostileId,
  hostileJson,
  json,
  mutate,
  queryString,
  toJson,
} from './bad-input-values.ts';

const kit = fuzzKit('routes and wallet');
const { send, check } = kit;
let callers: Array<string | null> = [];
let walletTokens: string[] = [];

beforeAll(async () => {
  ({ callers, walletTokens } = await kit.start());
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

  it('issue 9 §7: hostile calls to the cloud wallet (/wallet/sign, unlock, …) answer without a 5xx', async () => {
    const walletShapes = [
      { message: 'Sign in to the portal' },
      { userId: '1', password: 'wrong' },
      { userId: '1', password: 'x', address: '0x' + '0'.repeat(40) },
      { pincodes: [{ address: '0x', encryptedPincode: 'AA==' }] },
      { releases: [{ address: 'x', encryptedPincode: 'AA==' }], sealingPublicKey: 'AA==' },
    ];
    const call = fc
      .record({
        route: fc.constantFrom(
          'unlock',
          'lock',
          'sign',
          'pincodes/open',
          'pincodes/reseal',
          'users',
          'health',
          '__proto__',
          'constructor',
        ),
        verb: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT'),
        shape: fc.constantFrom(...walletShapes),
        pick: fc.nat(),
        by: hostileJson,
        key: fieldName,
        whole: fc.boolean(),
        token: fc.constantFrom(...walletTokens, null),
      })
      .map(({ route, verb, shape, pick, by, key, whole, token }): Call => ({
        method: verb,
        url: `/wallet/${route}`,
        auth: token ? `Bearer ${token}` : null,
        ...(verb === 'POST'
          ? { body: toJson(whole ? by : mutate(json(shape), pick, by, key)) }
          : {}),
      }));
    await check('wallet', fc.asyncProperty(call, send), runs.wallet);
  }, 120_000);
});
