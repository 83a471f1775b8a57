import {
  evidenceBundleKind,
  evidenceBundleVersion,
  isMerkleHash,
  type EvidenceBundle,
} from '@scr/domain';

/** Why a parsed value is not an evidence bundle: the field (`releases[0].events[2].hash`) and what it must be. */
export class BundleShapeError extends Error {
  constructor(
    readonly field: string,
    readonly expected: string,
  ) {
    super(field ? `${field} must be ${expected}` : `it must be ${expected}`);
  }
}

type Check = (value: unknown, field: string) => void;

const fail = (field: string, expected: string): never => {
  throw new BundleShapeError(field, expected);
};
const at = (field: string, key: string | number) =>
  typeof key === 'number' ? `${field}[${key}]` : field ? `${field}.${key}` : key;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text: Check = (value, field) => {
  if (typeof value !== 'string') fail(field, 'a text');
};
const wholeNumber: Check = (value, field) => {
  if (!Number.isSafeInteger(value) || (value as number) < 0) fail(field, 'a whole number from 0');
};
const positive: Check = (value, field) => {
  if (!Number.isSafeInteger(value) || (value as number) < 1) fail(field, 'a whole number from 1');
};
const hash: Check = (value, field) => {
  if (!isMerkleHash(value)) fail(field, 'a 32-byte hash (0x and 64 hexadecimal digits)');
};
const address: Check = (value, field) => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) {
    fail(field, 'an address (0x and 40 hexadecimal digits)');
  }
};
const hex: Check = (value, field) => {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(value)) {
    fail(field, 'hexadecimal bytes (0x…)');
  }
};
const time: Check = (value, field) => {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
    fail(field, 'an ISO 8601 time');
  }
};
const orNull =
  (check: Check): Check =>
  (value, field) => {
    if (value !== null) check(value, field);
  };
const anything: Check = () => undefined;

/** An object with exactly these members (`optional` ones may be absent). */
const object =
  (members: Record<string, Check>, optional: Record<string, Check> = {}): Check =>
  (value, field) => {
    if (!isObject(value)) return fail(field, 'an object');
    for (const [key, check] of Object.entries(members)) {
      if (!Object.hasOwn(value, key)) fail(at(field, key), 'present');
      check(value[key], at(field, key));
    }
    for (const [key, check] of Object.entries(optional)) {
      if (Object.hasOwn(value, key)) check(value[key], at(field, key));
    }
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(members, key) && !Object.hasOwn(optional, key)) {
        fail(at(field, key), 'absent (no such field in a bundle)');
      }
    }
  };
const list =
  (item: Check, options: { nonEmpty?: boolean } = {}): Check =>
  (value, field) => {
    if (!Array.isArray(value)) return fail(field, 'a list');
    if (options.nonEmpty && value.length === 0) fail(field, 'a list of at least one');
    value.forEach((member, i) => item(member, at(field, i)));
  };
const recordOf =
  (item: Check): Check =>
  (value, field) => {
    if (!isObject(value)) return fail(field, 'an object');
    for (const [key, member] of Object.entries(value)) item(member, at(field, key));
  };

const eventContent = object(
  {
    releaseAddress: address,
    sequence: positive,
    operation: text,
    releaseVersion: wholeNumber,
    statementHash: hash,
    prevHash: orNull(hash),
    record: object({
      actor: text,
      userId: orNull(wholeNumber),
      sourceOrganizationId: orNull(wholeNumber),
      targetOrganizationId: orNull(wholeNumber),
      description: anything,
      createdAt: time,
    }),
  },
  { pincodeCopies: recordOf(orNull(hash)) },
);

const bundleShape = object({
  kind: anything,
  v: anything,
  scope: (value, field) => {
    if (isObject(value) && Object.hasOwn(value, 'blNumber'))
      object({ blNumber: text })(value, field);
    else object({ containerNumber: text })(value, field);
  },
  exportedAt: time,
  exportedBy: object({ organizationId: wholeNumber, name: text, address }),
  server: object({ address, publicKey: hex }),
  checkpoint: object({
    treeSize: wholeNumber,
    rootHash: hash,
    time,
    server: address,
    signature: hex,
    text,
  }),
  organizations: list(
    object({
      id: wholeNumber,
      name: text,
      role: text,
      address,
      publicKey: orNull(hex),
      publicKeyFrom: orNull(hash),
    }),
  ),
  statements: list(object({ hash, text, signature: hex, signerAddress: address })),
  releases: list(
    object({
      address,
      blNumber: text,
      containerNumber: text,
      events: list(
        object({
          content: eventContent,
          hash,
          leafIndex: wholeNumber,
          inclusionProof: list(hash),
        }),
        { nonEmpty: true },
      ),
    }),
    { nonEmpty: true },
  ),
  signature: hex,
});

/**
 * The value as an evidence bundle, or a BundleShapeError naming the first field that is not
 * what a bundle of this kind and version holds.
 */
export function bundleOf(value: unknown): EvidenceBundle {
  if (!isObject(value)) fail('', 'a JSON object');
  const { kind, v } = value as Record<string, unknown>;
  if (kind !== evidenceBundleKind)
    fail('kind', `"${evidenceBundleKind}" (this is no evidence bundle)`);
  if (v !== evidenceBundleVersion) {
    fail('v', `${evidenceBundleVersion}, the version this verifier reads`);
  }
  bundleShape(value, '');
  return value as EvidenceBundle;
}
