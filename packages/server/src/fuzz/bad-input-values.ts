/**
 * The hostile values of the issue 9 §7 fuzz files (bad-input-*.api.test.ts, with
 * bad-input-kit.ts): strings, numbers, field names, JSON written by hand (1e309, `__proto__`,
 * deep nesting), query strings and ids, as fast-check arbitraries.
 */
import fc from 'fast-check';

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** JSON written by hand, so a body can hold what JSON.stringify never writes (1e309, __proto__). */
export type Json =
  { raw: string } | { str: string } | { arr: Json[] } | { obj: [key: string, value: Json][] };

export function toJson(value: Json): string {
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
export const fieldName = fc.oneof(
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

export const hostileJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
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
export function json(value: unknown): Json {
  if (typeof value === 'string') return { str: value };
  if (Array.isArray(value)) return { arr: value.map(json) };
  if (value && typeof value === 'object')
    return { obj: Object.entries(value).map(([key, item]) => [key, json(item)]) };
  return { raw: JSON.stringify(value) };
}

/** Replaces one place of a Json tree (chosen by `pick`) with `by`, or adds a key beside it. */
export function mutate(value: Json, pick: number, by: Json, key: string): Json {
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
export const queryString = fc.array(queryPart, { maxLength: 5 }).map((parts) => parts.join('&'));

export const hostileId = fc.oneof(
  { weight: 3, arbitrary: hostileString.filter((s) => s.length < 5_000).map(encode) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.constantFrom('%00', '%ZZ', '%ED%A0%80', '..%2f..', '%2e%2e', '') },
);

// ---------------------------------------------------------------------------------------------
// The cast and the checks
// ---------------------------------------------------------------------------------------------
