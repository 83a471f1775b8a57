import { randomInt } from 'node:crypto';
import { pincodeHash, statementHash, type CustodyAction } from '@scr/domain';
import { deriveSealingKeyPair, openPincode, sealPincode } from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import {
  connect,
  custodyCaller,
  custodyPath,
  signCall,
  actingAs,
  releaseSnapshot,
} from '../../test/custody.ts';
import { createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { signedInOrganization } from '../../test/admin-kit.ts';

/*
 * DESIGN §3 "Pincodes, end to end" and "Statements and the custody ledger": the second call of
 * a custody action is applied only when its statement is signed by the acting organisation,
 * names this action (and target), was made within 5 minutes of the server's clock, was never
 * used before, and covers exactly the call's releases, versions and pincode ciphertexts. Each
 * refusal below also checks that nothing changed. Then: tampering with the stored ledger after
 * the fact is found by `verifyLedger`.
 */

let server: TestServer;
let calls: ReturnType<typeof custodyCaller>;
type Org = Awaited<ReturnType<typeof signedInOrganization>>;
let carrier: Org;
let a: Org;
let b: Org;
let terminal: string;

const acting = actingAs;

beforeAll(async () => {
  server = await startTestApp();
  calls = custodyCaller(server);
  [carrier, a, b] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server),
  ]);
  await connect(server.knex, carrier, a);
  await connect(server.knex, carrier, b);
  await connect(server.knex, a, b);
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

const newPincode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const newRelease = () =>
  createRelease(server, carrier, { pickupLocation: terminal, pincode: newPincode() });

type SignOptions = Parameters<typeof signCall>[3];
type Body = Awaited<ReturnType<typeof signCall>>;

const snapshot = (address: string) => releaseSnapshot(server.knex, address);

const snapshots = (addresses: readonly string[]) => Promise.all(addresses.map(snapshot));

/** The dry run and the signed body of an action by `org` (the dry run must find them all). */
async function prepared(
  org: Org,
  action: CustodyAction,
  addresses: string[],
  target?: Org,
  options?: SignOptions,
) {
  const dryRun = await calls.dryRun(acting(org), action, addresses, target?.address);
  expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(201);
  expect(dryRun.body.eligible_releases).toHaveLength(addresses.length);
  return { dryRun: dryRun.body, body: await signCall(acting(org), action, dryRun.body, options) };
}

const post = (org: Org, action: CustodyAction, body: unknown) =>
  calls.api(custodyPath[action], { method: 'POST', token: org.tokens[1], body });

/**
 * Posts `body` and expects it refused with `code` (and, for statement_invalid, the named
 * problem), with nothing changed on any of `addresses`.
 */
async function expectRefusedCall(
  org: Org,
  action: CustodyAction,
  body: unknown,
  addresses: readonly string[],
  expected: { status: number; code: string; problem?: string },
) {
  const before = await snapshots(addresses);
  const answer = await post(org, action, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(expected.status);
  expect(answer.body.data.code).toBe(expected.code);
  if (expected.problem) expect(answer.body.message).toContain(`(${expected.problem})`);
  expect(await snapshots(addresses)).toEqual(before);
  // The signed text was not recorded either: it is not burnt for later.
  const [recorded] = await server
    .knex('ledger_statements')
    .where({ hash: statementHash((body as Body).statement) })
    .count({ n: '*' });
  if (expected.code !== 'statement_replayed') expect(Number(recorded!.n)).toBe(0);
  return answer;
}

/** The genuine call still goes through afterwards: the refusal left the release as it was. */
async function stillGoesThrough(
  org: Org,
  action: CustodyAction,
  addresses: string[],
  target?: Org,
) {
  const { body } = await prepared(org, action, addresses, target);
  const answer = await post(org, action, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.applied).toHaveLength(addresses.length);
}

const invalid = (problem: string) => ({ status: 400, code: 'statement_invalid', problem });

describe('DESIGN §3 "Statements and the custody ledger": who signed', () => {
  it("§3 a statement signed by another organisation's key → statement_invalid", async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a, { signer: b.privateKey });
    await expectRefusedCall(carrier, 'transfer', body, [address], invalid('signer'));
    await stillGoesThrough(carrier, 'transfer', [address], a);
  });

  it('§3 a statement whose `by` is another organisation → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a, {
      tweak: (statement) => ({ ...statement, by: b.address }),
    });
    await expectRefusedCall(carrier, 'transfer', body, [address], invalid('signer'));
    // Nor a statement the other organisation signed, naming itself, for the carrier's call.
    const { body: theirs } = await prepared(carrier, 'block', [address], undefined, {
      signer: b.privateKey,
      tweak: (statement) => ({ ...statement, by: b.address }),
    });
    await expectRefusedCall(carrier, 'block', theirs, [address], invalid('signer'));
    await stillGoesThrough(carrier, 'transfer', [address], a);
  });

  it('§3 a signature that cannot be read → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a);
    await expectRefusedCall(carrier, 'transfer', { ...body, signature: '0x1234' }, [address], {
      status: 400,
      code: 'statement_invalid',
    });
    await expectRefusedCall(
      carrier,
      'transfer',
      { ...body, statement: `${body.statement} ` },
      [address],
      { status: 400, code: 'statement_invalid' },
    );
  });
});

describe('DESIGN §3 "never twice for the same releases and versions": replays', () => {
  it('§3 the exact same body posted twice → the second is 409 statement_replayed', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a);
    const first = await post(carrier, 'transfer', body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await expectRefusedCall(carrier, 'transfer', body, [address], {
      status: 409,
      code: 'statement_replayed',
    });
  });

  it('§3 the same body after the release moved on → 409 statement_replayed', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a);
    expect((await post(carrier, 'transfer', body)).status).toBe(201);
    // A passes it on, then the carrier revokes it back: the carrier owns it once more.
    const onward = await calls.act(acting(a), 'transfer', [address], b.address);
    expect(onward.applied.status, JSON.stringify(onward.applied.body)).toBe(201);
    await expectRefusedCall(carrier, 'transfer', body, [address], {
      status: 409,
      code: 'statement_replayed',
    });
    const revoke = await calls.act(acting(carrier), 'revoke', [address]);
    expect(revoke.applied.status, JSON.stringify(revoke.applied.body)).toBe(201);
    await expectRefusedCall(carrier, 'transfer', body, [address], {
      status: 409,
      code: 'statement_replayed',
    });
    const owner = await server.knex('releases').where({ address }).first('owner_organization_id');
    expect(owner.owner_organization_id).toBe(carrier.id);
  });

  it('§3 a block replayed after the unblock does not block again', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'block', [address]);
    expect((await post(carrier, 'block', body)).status).toBe(201);
    const unblock = await calls.act(acting(carrier), 'unblock', [address]);
    expect(unblock.applied.status, JSON.stringify(unblock.applied.body)).toBe(201);
    await expectRefusedCall(carrier, 'block', body, [address], {
      status: 409,
      code: 'statement_replayed',
    });
    const release = await server.knex('releases').where({ address }).first('release_status');
    expect(release.release_status).toBe('released');
  });
});

describe('DESIGN §3 "covers exactly these releases, versions and ciphertexts"', () => {
  it("§3 a statement covering another release besides the call's → statement_invalid", async () => {
    const { address } = await newRelease();
    const extra = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a, {
      tweak: (statement) => ({
        ...statement,
        releases: [
          ...statement.releases,
          { address: extra.address, version: extra.version, pincodeHash: null },
        ].sort((x, y) => (x.address < y.address ? -1 : 1)),
      }),
    });
    await expectRefusedCall(
      carrier,
      'transfer',
      body,
      [address, extra.address],
      invalid('releases'),
    );
  });

  it("§3 a statement leaving out one of the call's releases → statement_invalid", async () => {
    const first = await newRelease();
    const second = await newRelease();
    const addresses = [first.address, second.address];
    const { body } = await prepared(carrier, 'transfer', addresses, a, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.filter((r) => r.address === first.address),
      }),
    });
    await expectRefusedCall(carrier, 'transfer', body, addresses, invalid('releases'));
    await stillGoesThrough(carrier, 'transfer', addresses, a);
  });

  it('§3 a second call whose body lists a release not in the statement → statement_invalid', async () => {
    const { address } = await newRelease();
    const extra = await newRelease();
    const { body } = await prepared(carrier, 'block', [address]);
    const widened = {
      ...body,
      release_addresses: [
        ...body.release_addresses,
        { address: extra.address, version: extra.version },
      ],
    };
    await expectRefusedCall(
      carrier,
      'block',
      widened,
      [address, extra.address],
      invalid('releases'),
    );
    // The same for a transfer, the extra release with a copy resealed to the target.
    const transfer = await prepared(carrier, 'transfer', [address], a);
    const extraDryRun = await calls.dryRun(acting(carrier), 'transfer', [extra.address], a.address);
    const resealed = await sealPincode(
      await openPincode(
        extraDryRun.body.eligible_releases[0].encryptedPincode,
        await deriveSealingKeyPair(carrier.privateKey),
      ),
      transfer.dryRun.target.sealingPublicKey,
    );
    await expectRefusedCall(
      carrier,
      'transfer',
      {
        ...transfer.body,
        release_addresses: [
          ...transfer.body.release_addresses,
          { address: extra.address, version: extra.version, encryptedPincode: resealed },
        ],
      },
      [address, extra.address],
      invalid('releases'),
    );
    await stillGoesThrough(carrier, 'transfer', [address, extra.address], a);
  });

  it('§3 a statement for other versions (version + 1) → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.map((r) => ({ ...r, version: r.version + 1 })),
      }),
    });
    await expectRefusedCall(carrier, 'transfer', body, [address], invalid('versions'));
    // And a body claiming the version the statement names does not match the release.
    const { body: both } = await prepared(carrier, 'block', [address], undefined, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.map((r) => ({ ...r, version: r.version + 1 })),
      }),
    });
    const claimed = {
      ...both,
      release_addresses: both.release_addresses.map((r) => ({ ...r, version: r.version + 1 })),
    };
    const answer = await expectRefusedCall(carrier, 'block', claimed, [address], {
      status: 409,
      code: 'release_conflict',
    });
    expect(answer.body.data.fields).toEqual({ [address]: 'releases.refusal.versionChanged' });
    await stillGoesThrough(carrier, 'transfer', [address], a);
  });

  it('§3 a statement naming another pincode ciphertext (pincodeHash) → statement_invalid', async () => {
    const { address } = await newRelease();
    const other = pincodeHash(await sealPincode('000000', await targetKey(a)));
    const { body } = await prepared(carrier, 'transfer', [address], a, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.map((r) => ({ ...r, pincodeHash: other })),
      }),
    });
    await expectRefusedCall(carrier, 'transfer', body, [address], invalid('pincodes'));
    // A body carrying another ciphertext than the one signed for.
    const { body: signed } = await prepared(carrier, 'transfer', [address], a);
    const swapped = {
      ...signed,
      release_addresses: signed.release_addresses.map((r) => ({
        ...r,
        encryptedPincode: r.encryptedPincode
          ? `${r.encryptedPincode.slice(0, -4)}AAA=`
          : r.encryptedPincode,
      })),
    };
    await expectRefusedCall(carrier, 'transfer', swapped, [address], invalid('pincodes'));
    // For the other actions the hash is of the caller's own stored copy.
    const { body: block } = await prepared(carrier, 'block', [address], undefined, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.map((r) => ({ ...r, pincodeHash: other })),
      }),
    });
    await expectRefusedCall(carrier, 'block', block, [address], invalid('pincodes'));
    await stillGoesThrough(carrier, 'transfer', [address], a);
  });

  it('§3 a statement to another target (`to`) → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a, {
      tweak: (statement) => ({ ...statement, to: b.address }),
    });
    await expectRefusedCall(carrier, 'transfer', body, [address], invalid('target'));
    // The body naming another (connected) target than the statement's.
    const { body: signed } = await prepared(carrier, 'transfer', [address], a);
    await expectRefusedCall(
      carrier,
      'transfer',
      { ...signed, target_organization_address: b.address },
      [address],
      invalid('target'),
    );
    // A `to` on an action without a target.
    const { body: block } = await prepared(carrier, 'block', [address], undefined, {
      tweak: (statement) => ({ ...statement, to: a.address }),
    });
    await expectRefusedCall(carrier, 'block', block, [address], invalid('target'));
    await stillGoesThrough(carrier, 'transfer', [address], a);
  });

  it('§3 a statement for another action → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a, {
      tweak: (statement) => ({ ...statement, action: 'revoke' }),
    });
    await expectRefusedCall(carrier, 'transfer', body, [address], invalid('action'));
    // A block, signed, posted to unblocks (after blocking, so the unblock itself is allowed).
    const { body: block } = await prepared(carrier, 'block', [address]);
    expect((await post(carrier, 'block', block)).status).toBe(201);
    const { body: secondBlock } = await prepared(carrier, 'unblock', [address], undefined, {
      tweak: (statement) => ({ ...statement, action: 'block' }),
    });
    await expectRefusedCall(carrier, 'unblock', secondBlock, [address], invalid('action'));
    await stillGoesThrough(carrier, 'unblock', [address]);
  });
});

describe('DESIGN §3 "the server accepts `at` within 5 minutes of its clock"', () => {
  it('§3 `at` more than 5 minutes off the server clock → statement_invalid', async () => {
    const { address } = await newRelease();
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    for (const at of [minutes(-6), minutes(6), 'yesterday']) {
      const { body } = await prepared(carrier, 'transfer', [address], a, { at });
      await expectRefusedCall(carrier, 'transfer', body, [address], invalid('time'));
    }
    // Within the window it is accepted.
    const { body } = await prepared(carrier, 'transfer', [address], a, { at: minutes(-4) });
    const answer = await post(carrier, 'transfer', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});

async function targetKey(org: Org): Promise<string> {
  const row = await server.knex('organizations').where({ id: org.id }).first('sealing_public_key');
  return row.sealing_public_key;
}

/** One character of `text` changed, at `index` or the first later one that can change. */
function changeOneByte(text: string, index: number): string {
  const at = Math.min(index, text.length - 1);
  const replacement = text[at] === 'a' ? 'b' : 'a';
  return `${text.slice(0, at)}${replacement}${text.slice(at + 1)}`;
}

describe('DESIGN §3 "A command verifies the whole ledger offline": tampering after the fact', () => {
  /** A real transfer carrier → A, its ledger verified, then `tamper`, then verified again. */
  async function tampered(tamper: (release: { id: string; address: string }) => Promise<unknown>) {
    const { address } = await newRelease();
    const transfer = await calls.act(acting(carrier), 'transfer', [address], a.address);
    expect(transfer.applied.status, JSON.stringify(transfer.applied.body)).toBe(201);
    const verify = () =>
      verifyLedger(server.knex, {
        serverAddress: server.portal.app.get('serverKey').address,
        releaseAddresses: [address],
      });
    expect((await verify()).broken).toBeNull();
    const release = await server.knex('releases').where({ address }).first('id', 'address');
    await tamper({ id: String(release.id), address });
    const result = await verify();
    expect(result.broken).toMatchObject({ releaseAddress: address });
    return result.broken!;
  }

  const transferEvent = (releaseId: string) =>
    server
      .knex('release_events')
      .where({ release_id: releaseId, operation: 'transfer' })
      .first('id', 'statement_id', 'pincode_copies');

  it('§3 one byte of the stored statement (ledger_statements.statement)', async () => {
    const broken = await tampered(async ({ id }) => {
      const event = await transferEvent(id);
      const row = await server
        .knex('ledger_statements')
        .where({ id: event.statement_id })
        .first('statement');
      const at = row.statement.indexOf('"at":"') + 8;
      await server
        .knex('ledger_statements')
        .where({ id: event.statement_id })
        .update({ statement: changeOneByte(row.statement, at) });
    });
    expect(broken.reason).toMatch(/statement/);
  });

  it('§3 one byte of its signature', async () => {
    const broken = await tampered(async ({ id }) => {
      const event = await transferEvent(id);
      const row = await server
        .knex('ledger_statements')
        .where({ id: event.statement_id })
        .first('signature');
      await server
        .knex('ledger_statements')
        .where({ id: event.statement_id })
        .update({ signature: changeOneByte(row.signature, 20) });
    });
    expect(broken.reason).toMatch(/sign/);
  });

  it("§3 one byte of the transferred party's sealed pincode (release_pincodes.encrypted_pincode)", async () => {
    const broken = await tampered(async ({ id }) => {
      const copy = await server
        .knex('release_pincodes')
        .where({ release_id: id, organization_id: a.id })
        .first('encrypted_pincode');
      await server
        .knex('release_pincodes')
        .where({ release_id: id, organization_id: a.id })
        .update({ encrypted_pincode: changeOneByte(copy.encrypted_pincode, 10) });
    });
    expect(broken.reason).toMatch(/pincode/);
  });

  it("§3 one byte of an event's pincode_copies", async () => {
    const broken = await tampered(async ({ id }) => {
      const event = await transferEvent(id);
      const copies = event.pincode_copies as Record<string, string>;
      const [owner, hash] = Object.entries(copies)[0]!;
      await server
        .knex('release_events')
        .where({ id: event.id })
        .update({
          pincode_copies: JSON.stringify({ ...copies, [owner]: changeOneByte(hash, 10) }),
        });
    });
    expect(broken).toMatchObject({ sequence: 2, reason: expect.stringMatching(/hash/) });
  });
});
