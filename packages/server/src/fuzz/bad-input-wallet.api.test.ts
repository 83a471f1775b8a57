/**
 * Issue 9 §7 "No 5xx on bad input": hostile calls to the cloud wallet (`/wallet/sign`, `unlock`,
 * `pincodes/open`, …): mutated or wholly hostile JSON bodies, with a real, a wrong or no wallet
 * token, answer without a 5xx, a stack or SQL text. The generators, the cast and `FUZZ_SEED` /
 * `FUZZ_SURVEY` are in bad-input-kit.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { fuzzKit, runs, type Call } from './bad-input-kit.ts';
import { fieldName, hostileJson, json, mutate, toJson } from './bad-input-values.ts';

const kit = fuzzKit('wallet');
const { send, check } = kit;
let walletTokens: string[] = [];

beforeAll(async () => {
  ({ walletTokens } = await kit.start());
}, 60_000);

afterAll(() => kit.stop());

describe('issue 9 §7: no 5xx on bad input (fuzz)', () => {
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
