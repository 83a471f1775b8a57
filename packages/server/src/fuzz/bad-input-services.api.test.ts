/**
 * Issue 9 §7 "No 5xx on bad input": every registered service and method (REST transport), signed
 * in as several kinds of caller, gets a fixed sweep of known-bad input and then random hostile
 * ids, query strings and JSON bodies (valid-looking templates mutated or tainted, hostile trees,
 * not JSON at all); no answer is a 5xx and none carries a stack or SQL text. The generators, the
 * cast and `FUZZ_SEED` / `FUZZ_RUNS` / `FUZZ_SURVEY` are in bad-input-kit.ts.
 */
import { getServiceOptions } from '@feathersjs/feathers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzKit, runs, survey, type Call, type FuzzCast } from './bad-input-kit.ts';
import {
  fieldName,
  hostileId,
  hostileJson,
  json,
  mutate,
  queryString,
  toJson,
  type Json,
} from './bad-input-values.ts';

const kit = fuzzKit('services');
const { send, check, bad, sent } = kit;
let callers: Array<string | null> = [];
/** Real ids and addresses, so some requests reach rows that exist. */
let realIds: string[] = [];
/** Per service path, the methods it registered. */
let routes: Array<{ path: string; methods: string[] }> = [];
/** Valid-looking bodies to mutate, per path. */
let templates: Record<string, unknown[]> = {};

/** Every string of a Json tree (keys kept) with `taint` spliced in: NUL, a lone surrogate, …. */
function taint(value: Json, with_: string): Json {
  if ('str' in value) return { str: `${value.str.slice(0, 1)}${with_}${value.str.slice(1)}` };
  if ('arr' in value) return { arr: value.arr.map((item) => taint(item, with_)) };
  if ('obj' in value) return { obj: value.obj.map(([key, item]) => [key, taint(item, with_)]) };
  return value;
}

const taints = ['\u0000', '\ud800', '\udfff', '\u0007', 'x'.repeat(70_000), ' '];

function urlOf(path: string, id?: string, query?: string) {
  // Route parameters (`bills-of-lading/terms/:blNumber`) take the hostile id too.
  const filled = path.replace(/:[A-Za-z]+/g, id ?? 'x');
  const withId = id === undefined || path.includes(':') ? filled : `${filled}/${id}`;
  return `/api/${withId}${query ? `?${query}` : ''}`;
}

/** The HTTP call of a Feathers method (REST transport). */
function restCall(
  path: string,
  method: string,
  parts: { id: string; query: string; body: string; auth: string | null; multi: boolean },
): Call {
  const { id, query, body, auth, multi } = parts;
  switch (method) {
    case 'find':
      return { method: 'GET', url: urlOf(path, undefined, query), auth };
    case 'get':
      return { method: 'GET', url: urlOf(path, id, query), auth };
    case 'create':
      return { method: 'POST', url: urlOf(path, undefined, query), auth, body };
    case 'update':
      return { method: 'PUT', url: urlOf(path, multi ? undefined : id, query), auth, body };
    case 'patch':
      return { method: 'PATCH', url: urlOf(path, multi ? undefined : id, query), auth, body };
    case 'remove':
      return { method: 'DELETE', url: urlOf(path, multi ? undefined : id, query), auth };
    default:
      // A custom method: Feathers takes it as a POST with the X-Service-Method header; we
      // send it as a create, which is what a browser could do.
      return { method: 'POST', url: urlOf(path, undefined, query), auth, body };
  }
}

/** The services, their methods, real ids and templates of the app of `cast`. */
function servicesOf(cast: FuzzCast) {
  const { server, carrier, other, releases, terminalCode } = cast;
  const realIds = [
    String(carrier.id),
    String(carrier.users[1]!.id),
    String(other.id),
    releases[0]!.address,
    releases[1]!.address,
    carrier.address,
    terminalCode,
  ];
  const app = server.portal.app;
  const routes = Object.keys(app.services)
    .sort()
    .map((path) => ({
      path,
      methods: [...(getServiceOptions(app.service(path as never))?.methods ?? [])],
    }));
  const release = {
    billOfLading: { blNumber: 'FUZZBL1', vessel: 'Fuzz' },
    container: {
      containerNumber: 'FUZU1234563',
      pickupLocation: terminalCode,
      validUntil: '2999-01-01',
      pincode: '1234',
    },
  };
  const custody = {
    dryRun: true,
    release_addresses: [releases[0]!.address],
    target_organization_address: other.address,
  };
  const templates: Record<string, unknown[]> = {
    releases: [release, [release, release], { type: 'block', addresses: [releases[1]!.address] }],
    transfers: [custody],
    revokes: [custody],
    blocks: [custody],
    unblocks: [custody],
    'pincode-log': [
      { dryRun: true },
      custody,
      { dryRun: true, releaseAddresses: [releases[0]!.address] },
    ],
    'audit-trail': [{ addresses: [releases[0]!.address] }],
    users: [
      { email: 'fuzz@example.test', firstName: 'Fuzz', lastName: 'Test', isAdmin: false },
      { firstName: 'Fuzz', preferredLanguage: 'en' },
    ],
    organizations: [{ name: 'Fuzz NV', role: 'other', country: 'BE', address: carrier.address }],
    'api-keys': [{ name: 'k', scopes: ['releases:read'] }],
    connections: [{ connectedOrganizationId: other.id }],
    subscriptions: [{ organizationId: other.id, subscriptionId: 1, startDate: '2020-01-01' }],
    terminals: [{ code: 'TFUZZ', name: 'Fuzz', portLocode: 'BEANR' }],
    preferences: [{ hiddenColumns: { containers: ['vessel'] }, limitBL: 25 }],
    authentication: [
      { strategy: 'wallet', userId: carrier.users[0]!.id, message: 'x', signature: '0x' },
    ],
    'authentication-challenges': [{ address: carrier.address }],
    'two-factor/validate': [{ code: '123456' }],
  };
  return { routes, realIds, templates };
}

beforeAll(async () => {
  const cast = await kit.start();
  callers = cast.callers;
  ({ routes, realIds, templates } = servicesOf(cast));
}, 60_000);

afterAll(() => kit.stop());

/** The hostile body of one request: a mutated template, a hostile tree, or not JSON at all. */
function bodyFor(path: string): fc.Arbitrary<{ body: string; contentType?: string }> {
  const shapes = templates[path] ?? [{ name: 'x' }];
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...shapes), fc.nat(), hostileJson, fieldName)
        .map(([shape, pick, by, key]) => ({ body: toJson(mutate(json(shape), pick, by, key)) })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...shapes), fc.constantFrom(...taints))
        .map(([shape, with_]) => ({ body: toJson(taint(json(shape), with_)) })),
    },
    { weight: 2, arbitrary: hostileJson.map((value) => ({ body: toJson(value) })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<{ body: string; contentType?: string }>(
        { body: '{"a":' },
        { body: '\u0000' },
        { body: '"\\ud800"' },
        { body: '1e309' },
        { body: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}` },
        { body: 'a=1&__proto__[x]=1', contentType: 'application/x-www-form-urlencoded' },
        { body: 'plain text', contentType: 'text/plain' },
        { body: '{}', contentType: 'application/json; charset=utf-16' },
        { body: '', contentType: 'application/json' },
      ),
    },
  );
}

describe('issue 9 §7: no 5xx on bad input (fuzz)', () => {
  it('issue 9 §7: every registered service is covered', () => {
    const paths = routes.map((route) => route.path);
    for (const path of ['releases', 'users', 'pincode-log', 'authentication', 'find-user'])
      expect(paths).toContain(path);
    expect(routes.every((route) => route.methods.length > 0)).toBe(true);
  });

  it('issue 9 §7: a fixed sweep of known-bad input to every service and method answers 4xx', async () => {
    const fixed = [
      { id: '%00', query: '$skip=1e309&$limit=-1', body: '{"name":"\\u0000","address":"\\ud800"}' },
      { id: '9007199254740993', query: '$limit=9007199254740993', body: '{"__proto__":{"a":1}}' },
      { id: '__proto__', query: '$sort[__proto__]=1', body: '{"constructor":{"prototype":1}}' },
      { id: '1e309', query: '$skip=99999999999999999999', body: '1e309' },
      { id: '%ED%A0%80', query: 'search=%00', body: `[${'['.repeat(3_000)}${']'.repeat(3_000)}]` },
    ];
    for (const route of routes)
      for (const method of route.methods)
        for (const auth of callers.slice(0, 7)) {
          for (const parts of fixed)
            await send(restCall(route.path, method, { ...parts, auth, multi: false }));
          if (!['create', 'patch', 'update'].includes(method)) continue;
          for (const shape of templates[route.path] ?? [])
            for (const with_ of taints.slice(0, 2))
              await send(
                restCall(route.path, method, {
                  id: route.path === 'releases' ? realIds[3]! : realIds[1]!,
                  query: '',
                  body: toJson(taint(json(shape), with_)),
                  auth,
                  multi: false,
                }),
              );
        }
    if (!survey) expect(bad).toEqual([]);
  }, 120_000);

  it('issue 9 §7: random hostile ids, queries and bodies to every service answer without a 5xx', async () => {
    const call = fc
      .constantFrom(...routes)
      .chain((route) =>
        fc.record({
          route: fc.constant(route),
          method: fc.constantFrom(...route.methods),
          id: fc.oneof(hostileId, fc.constantFrom(...realIds)),
          query: queryString,
          body: bodyFor(route.path),
          auth: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...callers.slice(1, 7)) },
            { weight: 1, arbitrary: fc.constantFrom(...callers) },
          ),
          multi: fc.boolean(),
        }),
      )
      .map(({ route, method, id, query, body, auth, multi }) => ({
        ...restCall(route.path, method, { id, query, body: body.body, auth, multi }),
        ...(body.contentType && method !== 'find' && method !== 'get' && method !== 'remove'
          ? { contentType: body.contentType }
          : {}),
      }));
    await check('services', fc.asyncProperty(call, send), runs.services);
  }, 120_000);

  // The requests of this file (the sweep and the random calls); bad-input-routes-and-wallet
  // sends its own on top.
  it('issue 9 §7: at least 2,000 malformed requests were sent', () => {
    expect(sent()).toBeGreaterThanOrEqual(2_000);
    if (survey) console.error(`issue 9 §7 survey: ${sent()} requests, ${bad.length} bad answers`);
  });
});
