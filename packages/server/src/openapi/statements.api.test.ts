import { deriveSealingKeyPair, openPincode, sealPincode } from '@scr/wallet';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Wallet, keccak256, toUtf8Bytes } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCustody } from '../releases/custody/sign-custody.ts';
import { apiCaller, type SignedInOrganization } from '../test/admin-kit.ts';
import { signedInChain } from '../test/custody.ts';
import { documentClient } from '../test/document-client.ts';
import { releaseTerminal, uniqueBl, uniqueContainer } from '../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { alfaPassTerminal } from './assignment-kit.ts';

/*
 * DESIGN §3 "Who signs", releases spec §7: a system signs every custody action knowing only the
 * document. For each action the test builds the statement from the document's `{Action}Statement`
 * schema (its required members, the canonical JSON rule, the pincode hash and the commitment as
 * described), checks it against that schema, signs it with the organisation key (EIP-191) and
 * has the server take it; and checks that the statement the portal's own signer makes over the
 * same dry run (`signCustody`, the browser's and the demo's) fits the same schema, to the byte.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is loose JSON
type Loose = any;
let server: TestServer;
let document: Loose;
let carrier: SignedInOrganization;
let forwarder: SignedInOrganization;
let terminal: string;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

beforeAll(async () => {
  server = await startTestApp();
  [carrier, forwarder] = await signedInChain(server, [{}, {}]);
  terminal = await releaseTerminal(server.knex);
  document = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
  ajv.addSchema(document, 'openapi');
});
afterAll(() => server?.stop());

const schemaNamed = (name: string): Loose => document.components.schemas[name];
const resolved = (schema: Loose): Loose =>
  schema.$ref ? schemaNamed(schema.$ref.split('/').at(-1)) : schema;

/** Whether the document's statement schema takes it; the problems when not. */
function documentProblems(name: string, statement: unknown): string | null {
  const validate = ajv.getSchema(`openapi#/components/schemas/${name}`)!;
  return validate(statement) ? null : ajv.errorsText(validate.errors);
}

/**
 * The canonical JSON the document describes: no whitespace, keys sorted (JavaScript's default
 * order), members without a value left out, values as `JSON.stringify` writes them.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([key, member]) => `${JSON.stringify(key)}:${canonical(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What a system knows when it signs: the dry run's answer and its own choices. */
interface Facts {
  by: string;
  dryRun: Loose;
  /** Transfer: the copy resealed to the target per release, as the second call sends it. */
  sent?: Map<string, string | null>;
  assignee?: { identification: string; identificationType: string; type: string };
  visitNumber?: string;
}

/** keccak-256 of the UTF-8 bytes of an encryptedPincode string, null without one. */
const pincodeHashOf = (copy: string | null | undefined) =>
  copy ? keccak256(toUtf8Bytes(copy)) : null;

/** The statement of `name`, member by member as the document's schema requires them. */
function statementFromDocument(name: string, facts: Facts): Record<string, unknown> {
  const schema = schemaNamed(name);
  const item = resolved(schema.properties.releases.items);
  const commitment = (salt: string) =>
    keccak256(
      toUtf8Bytes(
        `scr-identification\n${salt}\n${facts.assignee!.identificationType}\n${facts.assignee!.identification}`,
      ),
    );
  const members: Record<string, () => unknown> = {
    v: () => schema.properties.v.const,
    action: () => schema.properties.action.const,
    at: () => new Date().toISOString(),
    by: () => facts.by,
    to: () => facts.dryRun.target.address,
    releases: () =>
      facts.dryRun.eligible_releases
        .map((release: Loose) =>
          Object.fromEntries(
            item.required.map((key: string) => [
              key,
              key !== 'pincodeHash'
                ? release[key]
                : facts.sent
                  ? pincodeHashOf(facts.sent.get(release.address))
                  : release.pincodeHash,
            ]),
          ),
        )
        .sort((a: Loose, b: Loose) => (a.address < b.address ? -1 : 1)),
    assignee: () => ({
      identificationCommitment: commitment(facts.dryRun.assignee.salt),
      identificationType: facts.assignee!.identificationType,
      type: facts.assignee!.type,
    }),
  };
  const statement: Record<string, unknown> = {};
  for (const key of schema.required) {
    if (!members[key]) throw new Error(`${name} requires ${key}, which the test cannot make`);
    statement[key] = members[key]();
  }
  if (facts.visitNumber && schema.properties.visitNumber) statement.visitNumber = facts.visitNumber;
  return statement;
}

async function systemOf(org: SignedInOrganization, name: string, scopes: string[]) {
  const made = await apiCaller(server)('api-keys', {
    method: 'POST',
    token: org.tokens[0],
    body: { name, scopes },
  });
  expect(made.status).toBe(201);
  return documentClient(server.baseUrl, `ApiKey ${made.body.key}`);
}

type System = Awaited<ReturnType<typeof systemOf>>;

/**
 * One custody action as a system signs it from the document alone; also checks the portal's
 * own statement over the same dry run against the schema. Answers the second call's answer.
 */
async function act(
  system: System,
  org: SignedInOrganization,
  step: {
    operationId: string;
    action: string;
    statement: string;
    addresses: string[];
    extra?: Record<string, unknown>;
    assignee?: Facts['assignee'];
    visitNumber?: string;
    /** The PCS and assignment calls name the list `releaseAddresses`. */
    list?: 'releaseAddresses' | 'release_addresses';
  },
) {
  const list = step.list ?? 'release_addresses';
  const extra = {
    ...step.extra,
    ...step.assignee,
    ...(step.visitNumber ? { visitNumber: step.visitNumber } : {}),
  };
  const first = await system.call(step.operationId, {
    body: { dryRun: true, [list]: step.addresses, ...extra },
  });
  expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
  const dryRun = first.body;
  expect(dryRun.eligible_releases.map((r: Loose) => r.address).sort()).toEqual(
    [...step.addresses].sort(),
  );

  // A transfer reseals each pincode to the target in the system's wallet (here: its key).
  let sent: Map<string, string | null> | undefined;
  if (step.action === 'transfer') {
    const keys = await deriveSealingKeyPair(org.privateKey);
    sent = new Map();
    for (const release of dryRun.eligible_releases) {
      sent.set(
        release.address,
        release.encryptedPincode
          ? await sealPincode(
              await openPincode(release.encryptedPincode, keys),
              dryRun.target.sealingPublicKey,
            )
          : null,
      );
    }
  }
  const statement = statementFromDocument(step.statement, {
    by: org.address,
    dryRun,
    sent,
    assignee: step.assignee,
    visitNumber: step.visitNumber,
  });
  expect(documentProblems(step.statement, statement)).toBeNull();

  // The portal's own signer, over the same dry run, at the same time: the same schema fits it.
  const portals = await signCustody(org, step.action as never, dryRun, {
    at: statement.at as string,
  });
  const theirs = JSON.parse(portals.statement);
  expect(documentProblems(step.statement, theirs)).toBeNull();
  if (step.action === 'transfer') {
    // Resealing draws a fresh key: only the pincode hashes differ.
    const withoutHashes = (text: string) => text.replace(/"pincodeHash":"0x[0-9a-f]{64}"/g, '');
    expect(withoutHashes(canonical(statement))).toBe(withoutHashes(portals.statement));
  } else {
    expect(canonical(statement)).toBe(portals.statement);
  }

  const text = canonical(statement);
  const signature = await new Wallet(org.privateKey).signMessage(text);
  const second = await system.call(step.operationId, {
    body: {
      [list]: dryRun.eligible_releases.map((release: Loose) => ({
        address: release.address,
        version: release.version,
        ...(sent ? { encryptedPincode: sent.get(release.address) } : {}),
      })),
      ...extra,
      ...(dryRun.assignee ? { identificationSalt: dryRun.assignee.salt } : {}),
      statement: text,
      signature,
    },
  });
  expect(second.status, JSON.stringify(second.body)).toBeLessThan(300);
  expect(second.body.statementHash).toBe(keccak256(toUtf8Bytes(text)));
  return second.body;
}

describe('DESIGN §3: every custody statement is signed from the OpenAPI document alone', () => {
  it('describes the canonical JSON rule, the pincode hash and the signature where the statement is sent', () => {
    const apply = schemaNamed('TransferApply').properties.statement;
    expect(apply.contentMediaType).toBe('application/json');
    expect(resolved(apply.contentSchema)).toBe(schemaNamed('TransferStatement'));
    const transfer = schemaNamed('TransferStatement');
    expect(transfer.description).toMatch(/canonical JSON: UTF-8, no whitespace/);
    expect(transfer.description).toMatch(/keys sorted/);
    expect(transfer.description).toMatch(/EIP-191 `personal_sign`/);
    expect(resolved(transfer.properties.releases.items).properties.pincodeHash.description).toMatch(
      /keccak-256 of the UTF-8 bytes of an `encryptedPincode` string exactly as it is written/,
    );
    expect(
      schemaNamed('AssignStatement').properties.assignee.properties.identificationCommitment
        .description,
    ).toContain('"scr-identification\\n{salt}\\n{identificationType}\\n{identification}"');
    for (const action of [
      'Transfer',
      'Revoke',
      'Block',
      'Unblock',
      'Pincode',
      'Assign',
      'Unassign',
      'TransferToPcs',
      'RevokeFromPcs',
    ]) {
      expect(schemaNamed(`${action}Statement`).additionalProperties, action).toBe(false);
    }
  });

  // One organisation's releases through every action, each step signed from the document.
  let erp: System;
  let tms: System;
  /** The releases the later steps go on with. */
  const released = { withPincode: '', forPincode: '' };
  const create = async (container: Record<string, unknown>) => {
    const created = await erp.call('createReleases', {
      body: {
        billOfLading: { blNumber: uniqueBl() },
        container: { containerNumber: uniqueContainer(), pickupLocation: terminal, ...container },
      },
    });
    expect(created.status).toBe(201);
    return created.body.address as string;
  };

  it('transfers (with and without a pincode), blocks, unblocks and revokes', async () => {
    erp = await systemOf(carrier, 'carrier-statements', ['releases:write', 'custody:write']);
    const withPincode = await create({ pincode: '4711', ediPcs: 'C-Point' });
    const withoutPincode = await create({});
    const forPincode = await create({ pincode: '9000' });
    await act(erp, carrier, {
      operationId: 'transferReleases',
      action: 'transfer',
      statement: 'TransferStatement',
      addresses: [withPincode, withoutPincode, forPincode],
      extra: { target_organization_address: forwarder.address },
    });
    for (const [operationId, action] of [
      ['blockReleases', 'block'],
      ['unblockReleases', 'unblock'],
    ] as const) {
      const done = await act(erp, carrier, {
        operationId,
        action,
        statement: `${action[0]!.toUpperCase()}${action.slice(1)}Statement`,
        addresses: [withoutPincode],
      });
      expect(done.applied).toMatchObject([{ address: withoutPincode }]);
    }
    await act(erp, carrier, {
      operationId: 'revokeReleases',
      action: 'revoke',
      statement: 'RevokeStatement',
      addresses: [withoutPincode],
    });

    Object.assign(released, { withPincode, forPincode });
  });

  it('fetches a pincode, and sends a release to the PCS and takes it back', async () => {
    const { withPincode, forPincode } = released;
    tms = await systemOf(forwarder, 'forwarder-statements', ['custody:write']);
    const fetched = await act(tms, forwarder, {
      operationId: 'fetchPincodes',
      action: 'pincode',
      statement: 'PincodeStatement',
      addresses: [forPincode],
    });
    expect(fetched.data).toMatchObject([{ address: forPincode }]);

    // The PCS: the forwarder is connected to it, the release names it.
    await server
      .knex('organizations')
      .where({ id: forwarder.id })
      .update({ is_connected_to_cpoint: true });
    const sent = await act(tms, forwarder, {
      operationId: 'transferToPcs',
      action: 'transferToPcs',
      statement: 'TransferToPcsStatement',
      addresses: [withPincode],
      list: 'releaseAddresses',
    });
    expect(sent.report).toMatchObject([{ address: withPincode, result: 'done' }]);
    await act(tms, forwarder, {
      operationId: 'revokeFromPcs',
      action: 'revokeFromPcs',
      statement: 'RevokeFromPcsStatement',
      addresses: [withPincode],
      list: 'releaseAddresses',
    });
  });

  it('assigns and unassigns, and the ledger verifies every statement as signed', async () => {
    const { withPincode } = released;
    // Assign and unassign at a secure pick-up terminal identifying drivers by alfaPass.
    const { terminal: secure, assignee } = await alfaPassTerminal(server, {
      organization: forwarder,
      driver: { alfaPass: '417306', firstName: 'Els', lastName: 'Peeters' },
      carrier,
    });
    const toAssign = await create({ pickupLocation: secure, pincode: '1234' });
    await act(erp, carrier, {
      operationId: 'transferReleases',
      action: 'transfer',
      statement: 'TransferStatement',
      addresses: [toAssign],
      extra: { target_organization_address: forwarder.address },
    });
    const assigned = await act(tms, forwarder, {
      operationId: 'assignReleases',
      action: 'assign',
      statement: 'AssignStatement',
      addresses: [toAssign],
      assignee: {
        type: 'driver',
        identification: assignee.identification!,
        identificationType: 'alfapass',
      },
      visitNumber: 'V-2026-18',
      list: 'releaseAddresses',
    });
    expect(assigned.applied).toMatchObject([{ address: toAssign }]);
    await act(tms, forwarder, {
      operationId: 'unassignReleases',
      action: 'unassign',
      statement: 'UnassignStatement',
      addresses: [toAssign],
      list: 'releaseAddresses',
    });

    // The ledger holds each statement as signed: every one verifies.
    const trail = await apiCaller(server)('audit-trail', {
      method: 'POST',
      token: carrier.tokens[0],
      body: { releaseAddresses: [withPincode, toAssign] },
    });
    expect(trail.status).toBe(201);
    const operations = trail.body.data.map((entry: Loose) => [entry.operation, entry.verified]);
    expect(operations).toEqual(
      expect.arrayContaining([
        ['assign', true],
        ['unassign', true],
      ]),
    );
    expect(operations.every(([, verified]: [string, boolean]) => verified)).toBe(true);
  });
});
