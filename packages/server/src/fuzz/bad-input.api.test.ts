/**
 * Issue 9 §7 "No 5xx on bad input": a seeded fuzz test that sends malformed requests to every
 * registered service and method (hostile ids, query strings and JSON bodies), to hostile route
 * names and to the cloud wallet, signed in as several kinds of caller, and checks that no answer
 * is a 5xx and none carries a stack or SQL text. `FUZZ_SEED` replays a run, `FUZZ_RUNS` sets how
 * many random calls it makes; `FUZZ_SURVEY=1`
 * counts every bad answer instead of stopping at the first (the numbers of the issue's note).
 */
import { randomInt } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getServiceOptions } from '@feathersjs/feathers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization } from '../test/admin-kit.ts';
import { factoryPassword } from '../test/factories.ts';
import { createRelease, releaseTerminal } from '../test/factories-releases.ts';
import { startTestApp, tempDir, type TestServer } from '../test/start-app.ts';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const survey = process.env.FUZZ_SURVEY === '1';
/**
 * Runs of the random properties; the sweep adds a fixed set per service and method. Every run
 * draws a new seed, so successive runs cover new ground; `FUZZ_RUNS` raises the count for a
 * longer hunt (e.g. `FUZZ_RUNS=20000`).
 */
const serviceRuns = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 800;
const runs = { services: serviceRuns, routes: 250, wallet: 250 };

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** JSON written by hand, so a body can hold what JSON.stringify never writes (1e309, __proto__). */
type Json =
  { raw: string } | { str: string } | { arr: Json[] } | { obj: [key: string, value: Json][] };

function toJson(value: Json): string {
  if ('raw' in value) return value.raw;
  if ('str' in value) return JSON.stringify(value.str);
  if ('arr' in value) return `[${value.arr.map(toJson).join(',')}]`;
  return `{${value.obj.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
}

const huge = 'x'.repeat(100_000);
const hostileStrings = [
  '\u0000',
  'ab\u0000cd',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '\uffff\ufffe',
  '   ',
  '',
  '\t\r\n',
  '\u200b=1+2',
  ' =HYPERLINK("http://x")',
  '\n@SUM(A1)',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  "'; drop table users; --",
  '%',
  '%00',
  '%ZZ',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '-1',
  '0',
  '0x10',
  '1.5',
  'null',
  'true',
  '[]',
  '{}',
  '😀'.repeat(300),
  'İﬀ\u0301',
  huge,
  '0x' + 'f'.repeat(40),
  '2020-02-30',
  '31/12/9999',
];
const hostileNumbers = [
  '1e309',
  '-1e309',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '1e21',
  '-0',
  '0.5',
  '-1',
  '0',
  '2147483648',
  '1.7976931348623157e308',
  '5e-324',
];
/** Field names the services read, so hostile values reach past the first checks. */
const fieldNames = [
  'address',
  'billOfLading',
  'blNumber',
  'container',
  'containerNumber',
  'pickupLocation',
  'validFrom',
  'validUntil',
  'pincode',
  'encryptedPincode',
  'isoTypeCode',
  'vessel',
  'code',
  'country',
  'dryRun',
  'email',
  'name',
  'firstName',
  'lastName',
  'isAdmin',
  'isSupport',
  'isActive',
  'role',
  'scopes',
  'search',
  'status',
  'subscriptionId',
  'startDate',
  'endDate',
  'organizationId',
  'connectedOrganizationId',
  'release_addresses',
  'releaseAddresses',
  'target_organization_address',
  'target_organization_id',
  'ownerAddresses',
  'statement',
  'signature',
  'version',
  'type',
  'strategy',
  'accessToken',
  'userId',
  'message',
  'password',
  'token',
  'preferredLanguage',
  'hiddenColumns',
  'limitBL',
  'limitCT',
  'portLocode',
  'securePickupEnabled',
  'walletUrl',
  'sealingPublicKey',
  'options',
  'remark',
  'id',
  'ids',
  'addresses',
  'filters',
  'userIds',
  '__proto__',
  'constructor',
  'prototype',
  '\u0000',
  '\ud800',
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const fieldName = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...fieldNames) },
  { weight: 1, arbitrary: hostileString.filter((key) => key.length < 200) },
);

/** Deeply nested JSON, written as raw text so that neither the generator nor toJson recurses. */
function nested(depth: number, kind: 'arr' | 'obj'): Json {
  const [open, close] = kind === 'arr' ? ['[', ']'] : ['{"a":', '}'];
  return { raw: `${open.repeat(depth)}1${close.repeat(depth)}` };
}

const leaf: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((str) => ({ str })) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers).map((raw) => ({ raw })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('true', 'false', 'null', '{}', '[]').map((raw) => ({ raw })),
  },
  { weight: 1, arbitrary: fc.integer().map((n) => ({ raw: String(n) })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(10, 100, 2_000)
      .chain((depth) => fc.constantFrom(nested(depth, 'arr'), nested(depth, 'obj'))),
  },
);

const hostileJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((arr) => ({ arr })) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(fieldName, tie('value')), { maxLength: 5 })
        .map((obj) => ({ obj })),
    },
  ),
})).value;

/** Turns a plain value into Json, so templates can be written as ordinary objects. */
function json(value: unknown): Json {
  if (typeof value === 'string') return { str: value };
  if (Array.isArray(value)) return { arr: value.map(json) };
  if (value && typeof value === 'object')
    return { obj: Object.entries(value).map(([key, item]) => [key, json(item)]) };
  return { raw: JSON.stringify(value) };
}

/** Replaces one place of a Json tree (chosen by `pick`) with `by`, or adds a key beside it. */
function mutate(value: Json, pick: number, by: Json, key: string): Json {
  const places: Array<(replacement: Json) => Json> = [];
  const walk = (node: Json, rebuild: (replacement: Json) => Json) => {
    places.push(rebuild);
    if ('arr' in node)
      node.arr.forEach((item, i) =>
        walk(item, (r) => rebuild({ arr: node.arr.map((x, j) => (j === i ? r : x)) })),
      );
    if ('obj' in node) {
      places.push(() => rebuild({ obj: [...node.obj, [key, by]] }));
      node.obj.forEach(([k, item], i) =>
        walk(item, (r) => rebuild({ obj: node.obj.map((x, j) => (j === i ? [k, r] : x)) })),
      );
    }
  };
  walk(value, (replacement) => replacement);
  return places[pick % places.length]!(by);
}

/** Every string of a Json tree (keys kept) with `taint` spliced in: NUL, a lone surrogate, …. */
function taint(value: Json, with_: string): Json {
  if ('str' in value) return { str: `${value.str.slice(0, 1)}${with_}${value.str.slice(1)}` };
  if ('arr' in value) return { arr: value.arr.map((item) => taint(item, with_)) };
  if ('obj' in value) return { obj: value.obj.map(([key, item]) => [key, taint(item, with_)]) };
  return value;
}

const taints = ['\u0000', '\ud800', '\udfff', '\u0007', 'x'.repeat(70_000), ' '];

/** encodeURIComponent that writes a lone surrogate as its (invalid) UTF-8 bytes. */
function encode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(char);
  }
  return out;
}

const queryValue = fc.oneof(
  fc.constantFrom(...hostileNumbers),
  hostileString.map(encode),
  fc.constantFrom('%00', '%ZZ', '%ED%A0%80', '%C0%80', '%FF', '%'),
);
const queryPart = fc.oneof(
  queryValue.map((v) => `$skip=${v}`),
  queryValue.map((v) => `$limit=${v}`),
  fc.tuple(fieldName, queryValue).map(([k, v]) => `$sort[${encode(k)}]=${v}`),
  fieldName.map((k) => `$select[]=${encode(k)}`),
  fc.tuple(fieldName, queryValue).map(([k, v]) => `${encode(k)}=${v}`),
  fc
    .tuple(
      fieldName,
      fc.constantFrom('$in', '$nin', '$gt', '$lt', '$ne', '$like', '$ilike'),
      queryValue,
    )
    .map(([k, op, v]) => `${encode(k)}[${op}][]=${v}`),
  fc.tuple(fieldName, queryValue).map(([k, v]) => `$or[0][${encode(k)}]=${v}`),
  fc.constantFrom(
    '__proto__[admin]=1',
    'constructor[prototype][admin]=1',
    `${'a'.repeat(1)}${'[b]'.repeat(300)}=1`,
    `x[${'9'.repeat(30)}]=1`,
    'x[100000]=1',
    `search=${'%00'.repeat(1_000)}`,
    `ids=${'1,'.repeat(5_000)}`,
    '$limit[]=1&$limit[]=2',
    '$skip[$gt]=1',
  ),
);
const queryString = fc.array(queryPart, { maxLength: 5 }).map((parts) => parts.join('&'));

const hostileId = fc.oneof(
  { weight: 3, arbitrary: hostileString.filter((s) => s.length < 5_000).map(encode) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.constantFrom('%00', '%ZZ', '%ED%A0%80', '..%2f..', '%2e%2e', '') },
);

// ---------------------------------------------------------------------------------------------
// The cast, the services and the checks
// ---------------------------------------------------------------------------------------------

let server: TestServer;
let webDist: string | undefined;
/** Authorization headers: nobody, people of each kind, a machine, garbage. */
let callers: Array<string | null> = [];
/** Real ids and addresses, so some requests reach rows that exist. */
let realIds: string[] = [];
let walletTokens: string[] = [];
/** Per service path, the methods it registered. */
let routes: Array<{ path: string; methods: string[] }> = [];
/** Valid-looking bodies to mutate, per path. */
let templates: Record<string, unknown[]> = {};

let sent = 0;
const bad: string[] = [];

/** What an answer must never carry (issue 9 §7: no stack or SQL text). */
const leak =
  /\n\s+at\s|"stack"|\bselect\b[^"]*\bfrom\b|insert into|delete from|\bupdate\s+"|syntax error|violates|duplicate key|relation "|invalid byte sequence|invalid input syntax|node_modules|\.ts:\d+:\d+/i;

interface Call {
  method: string;
  url: string;
  auth: string | null;
  body?: string;
  contentType?: string;
}

function describeCall(call: Call): string {
  const body = call.body === undefined ? '' : ` ${JSON.stringify(call.body.slice(0, 300))}`;
  return `${call.method} ${call.url.slice(0, 300)}${body} [auth ${call.auth ? call.auth.slice(0, 12) : 'none'}]`;
}

/** Sends one request; answers true when the answer is acceptable, recording it when not. */
async function send(call: Call): Promise<boolean> {
  sent += 1;
  const headers: Record<string, string> = {};
  if (call.auth) headers.authorization = call.auth;
  if (call.body !== undefined) headers['content-type'] = call.contentType ?? 'application/json';
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${server.baseUrl}${call.url}`, {
      method: call.method,
      headers,
      body: call.body,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    status = 0;
    text = String(error);
  }
  const problem =
    status === 0
      ? `no answer: ${text}`
      : status >= 500
        ? `${status} ${text.slice(0, 200)}`
        : leak.test(text)
          ? `leak ${status} ${text.slice(0, 300)}`
          : null;
  if (!problem) return true;
  bad.push(`${describeCall(call)} → ${problem}`);
  return survey;
}

function check(name: string, property: fc.IAsyncProperty<[Call]>, numRuns: number) {
  return fc.assert(property, { seed, numRuns, endOnFailure: survey }).catch((error: unknown) => {
    console.error(`issue 9 §7 fuzz (${name}) failed with FUZZ_SEED=${seed}`);
    throw error;
  });
}

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

beforeAll(async () => {
  // A built web app, as in production: `/api/%2e%2e` is `/` once the client resolves it.
  webDist = tempDir('scr-fuzz-web-');
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
  server = await startTestApp({ env: { WEB_DIST: webDist } });
  const api = apiCaller(server);
  const [carrier, terminal, other, desk] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server, { role: 'terminal' }),
    signedInOrganization(server),
    signedInOrganization(server, { users: [{ isSupport: true }] }),
  ]);
  const terminalCode = await releaseTerminal(server.knex);
  const releases = await Promise.all([
    createRelease(server, carrier, { pincode: '1234' }),
    createRelease(server, carrier),
  ]);
  const key = await api('api-keys', {
    method: 'POST',
    token: carrier.tokens[0],
    body: { name: 'fuzz gateway', scopes: ['releases:read', 'releases:write'] },
  });
  expect(key.status).toBe(201);
  callers = [
    null,
    `Bearer ${carrier.tokens[0]}`,
    `Bearer ${carrier.tokens[1]}`,
    `Bearer ${terminal.tokens[0]}`,
    `Bearer ${other.tokens[0]}`,
    `Bearer ${desk.tokens[0]}`,
    `ApiKey ${key.body.key}`,
    'Bearer not.a.jwt',
    'ApiKey scr_zz_00',
    'Basic Og==',
  ];
  realIds = [
    String(carrier.id),
    String(carrier.users[1]!.id),
    String(other.id),
    releases[0]!.address,
    releases[1]!.address,
    carrier.address,
    terminalCode,
  ];
  const unlocked = await fetch(`${server.baseUrl}/wallet/unlock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: String(carrier.users[1]!.id), password: factoryPassword }),
  });
  walletTokens = [((await unlocked.json()) as { token: string }).token, 'no-such-token'];

  const app = server.portal.app;
  routes = Object.keys(app.services)
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
  templates = {
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
}, 60_000);

afterAll(async () => {
  if (bad.length > 0 || survey) {
    console.error(
      `issue 9 §7 fuzz: ${sent} requests, ${bad.length} bad answers (FUZZ_SEED=${seed})\n${bad.slice(0, 200).join('\n')}`,
    );
  }
  await server?.stop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

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

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

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

  it('issue 9 §7: at least 2,000 malformed requests were sent', () => {
    expect(sent).toBeGreaterThanOrEqual(2_000);
    if (survey) console.error(`issue 9 §7 survey: ${sent} requests, ${bad.length} bad answers`);
  });
});
