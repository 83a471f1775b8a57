import { deriveSealingKeyPair, openPincode } from '@scr/wallet';
import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import { connect, signCall } from '../../test/custody.ts';
import { createRelease } from '../../test/factories-releases.ts';
import { signedInOrganization } from '../../test/admin-kit.ts';
import { acting, custodyCast, type Org } from './custody-test-kit.ts';

const cast = custodyCast([
  ['carrier', 'a'],
  ['b', 'a'],
  ['b', 'c'],
]);

/** Every text column of every table, searched for a value (the clear pincode must be nowhere). */
async function tablesHolding(value: string): Promise<string[]> {
  const columns: { table_name: string; column_name: string }[] = (
    await cast.server.knex.raw(
      `select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    )
  ).rows;
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [count] = await cast.server
      .knex(table)
      .whereRaw('??::text like ?', [column, `%${value}%`])
      .count({ n: '*' });
    if (Number(count?.n) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** What an organisation's overview shows of the release (per container view). */
async function seen(org: Org, address: string) {
  const answer = await cast.calls.api(`releases/${address}`, { token: org.tokens[1] });
  return answer.status === 200
    ? { transferStatus: answer.body.transferStatus, owned: answer.body.transferStatus === 'owned' }
    : answer.status;
}

describe('releases spec §4 "Effects" and §5 "Transfer": carrier → A → B → C, A revokes', () => {
  it('moves the release along the chain and back, with no clear pincode anywhere', async () => {
    // A space and non-hex letters: no hash (hex) or sealed copy (base64) can hold it by chance,
    // as six digits could.
    const pincode = 'PIN 482913';
    const release = await createRelease(cast.server, cast.carrier, {
      pickupLocation: cast.terminal,
      pincode,
    });
    const { address } = release;
    const step = async (label: string) => {
      expect(await tablesHolding(pincode), label).toEqual([]);
      const result = await verifyLedger(cast.server.knex, {
        serverAddress: cast.server.portal.app.get('serverKey').address,
        releaseAddresses: [address],
      });
      expect(result.broken, label).toBeNull();
    };
    await step('created');

    const toA = await cast.calls.act(acting(cast.carrier), 'transfer', [address], cast.a.address);
    expect(toA.applied.status, JSON.stringify(toA.applied.body)).toBe(201);
    expect(toA.applied.body.applied).toEqual([
      expect.objectContaining({ address, version: release.version + 1 }),
    ]);
    await step('carrier → A');
    const toB = await cast.calls.act(acting(cast.a), 'transfer', [address], cast.b.address);
    expect(toB.applied.status, JSON.stringify(toB.applied.body)).toBe(201);
    await step('A → B');
    const toC = await cast.calls.act(acting(cast.b), 'transfer', [address], cast.c.address);
    expect(toC.applied.status, JSON.stringify(toC.applied.body)).toBe(201);
    await step('B → C');

    // C can open its own copy: the pincode travelled sealed, party to party.
    const copy = await cast.server
      .knex('release_pincodes as p')
      .join('releases as r', 'r.id', 'p.release_id')
      .where({ 'r.address': address, 'p.organization_id': cast.c.id })
      .first('p.encrypted_pincode');
    expect(
      await openPincode(copy.encrypted_pincode, await deriveSealingKeyPair(cast.c.privateKey)),
    ).toBe(pincode);
    expect(await seen(cast.carrier, address)).toMatchObject({ transferStatus: 'transferred' });
    expect(await seen(cast.a, address)).toMatchObject({ transferStatus: 'transferred' });
    expect(await seen(cast.b, address)).toMatchObject({ transferStatus: 'transferred' });
    expect(await seen(cast.c, address)).toMatchObject({ transferStatus: 'owned' });

    const revoke = await cast.calls.act(acting(cast.a), 'revoke', [address]);
    expect(revoke.applied.status, JSON.stringify(revoke.applied.body)).toBe(201);
    await step('A revokes');
    expect(await seen(cast.a, address)).toMatchObject({ transferStatus: 'owned' });
    expect(await seen(cast.carrier, address)).toMatchObject({ transferStatus: 'transferred' });
    expect(await seen(cast.b, address)).toBe(404);
    expect(await seen(cast.c, address)).toBe(404);
    const copies = await cast.server
      .knex('release_pincodes as p')
      .join('releases as r', 'r.id', 'p.release_id')
      .where({ 'r.address': address })
      .pluck('p.organization_id');
    expect(copies.sort()).toEqual([cast.carrier.id, cast.a.id].sort());
    const owner = await cast.server
      .knex('releases')
      .where({ address })
      .first('owner_organization_id');
    expect(owner.owner_organization_id).toBe(cast.a.id);

    // The audit trail tells the same story to the parties in the chain, and nothing to B and C.
    const trail = async (org: Org) =>
      cast.calls.api(`audit-trail/${address}`, { token: org.tokens[1] });
    for (const party of [cast.carrier, cast.a]) {
      const answer = await trail(party);
      expect(answer.status).toBe(200);
      expect(
        answer.body.data.map((e: { operation: string; verified: boolean }) => [
          e.operation,
          e.verified,
        ]),
      ).toEqual([
        ['create', true],
        ['transfer', true],
        ['transfer', true],
        ['transfer', true],
        ['revoke', true],
      ]);
      expect(answer.body.data.at(-1)).toMatchObject({ sourceOrganizationName: cast.a.name });
    }
    expect((await trail(cast.b)).status).toBe(404);
    expect((await trail(cast.c)).status).toBe(404);

    // B's and C's dry runs now find the release outside their chain.
    const again = await cast.calls.dryRun(acting(cast.b), 'transfer', [address], cast.c.address);
    expect(again.body.refused).toEqual([expect.objectContaining({ reason: 'notInChain' })]);
  });
});

describe('releases spec §4 "Action rules": 50 simultaneous transfers of one release', () => {
  it('lets exactly one through; the rest get a clear conflict; the ledger verifies', async () => {
    const release = await createRelease(cast.server, cast.carrier, {
      pickupLocation: cast.terminal,
      pincode: '135790',
    });
    const targets = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const target = await signedInOrganization(cast.server, { users: [{ isAdmin: true }] });
        await connect(cast.server.knex, cast.carrier, target);
        return target;
      }),
    );
    // Every browser saw the release at the same version and signed its own transfer...
    const signed = await Promise.all(
      targets.map(async (target) => {
        const dryRun = await cast.calls.dryRun(
          acting(cast.carrier),
          'transfer',
          [release.address],
          target.address,
        );
        return signCall(acting(cast.carrier), 'transfer', dryRun.body);
      }),
    );
    // ...and all fifty second calls arrive at once.
    const results = await Promise.all(
      signed.map((body) =>
        cast.calls.api('transfers', { method: 'POST', token: cast.carrier.tokens[1], body }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const result of results.filter((r) => r.status !== 201)) {
      expect(result.status).toBe(409);
      expect(result.body.data.code).toBe('release_conflict');
    }
    const parties = await cast.server
      .knex('release_parties as p')
      .join('releases as r', 'r.id', 'p.release_id')
      .where({ 'r.address': release.address, 'p.active': true })
      .count({ n: '*' });
    expect(Number(parties[0]!.n)).toBe(2);
    const result = await verifyLedger(cast.server.knex, {
      serverAddress: cast.server.portal.app.get('serverKey').address,
      releaseAddresses: [release.address],
    });
    expect(result).toMatchObject({ releases: 1, events: 2, broken: null });
  });
});

describe('releases spec §7 "releases patch without id, type block / unblock" (the carrier)', () => {
  it('blocks and unblocks through a change of the releases, signed like the rest', async () => {
    const release = await createRelease(cast.server, cast.carrier, {
      pickupLocation: cast.terminal,
    });
    const path = `releases?address[$in]=${release.address}`;
    for (const type of ['block', 'unblock'] as const) {
      const dryRun = await cast.calls.api(path, {
        method: 'PATCH',
        token: cast.carrier.tokens[1],
        body: { type, dryRun: true },
      });
      expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
      const body = await signCall(acting(cast.carrier), type, dryRun.body);
      const applied = await cast.calls.api(path, {
        method: 'PATCH',
        token: cast.carrier.tokens[1],
        body: { type, ...body },
      });
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      const seenNow = await cast.calls.api(`releases/${release.address}`, {
        token: cast.carrier.tokens[1],
      });
      expect(seenNow.body.releaseStatus).toBe(type === 'block' ? 'blocked' : 'released');
    }
    const forwarder = await cast.calls.api(path, {
      method: 'PATCH',
      token: cast.a.tokens[1],
      body: { type: 'block', dryRun: true },
    });
    expect(forwarder.status).toBe(403);
  });
});
