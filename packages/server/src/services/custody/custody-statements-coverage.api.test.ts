import { pincodeHash } from '@scr/domain';
import { deriveSealingKeyPair, openPincode, sealPincode } from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs as acting, type custodyCaller } from '../../test/custody.ts';
import type { TestServer } from '../../test/start-app.ts';
import { invalid, statementKit, type Org } from './custody-statements-kit.ts';

/*
 * DESIGN §3 "Statements and the custody ledger": the statement covers exactly the call's
 * releases, versions and pincode ciphertexts, and names its action and target; each refusal
 * changes nothing (custody-statements-kit.ts).
 */

const { start, stop, newRelease, prepared, post, expectRefusedCall, stillGoesThrough } =
  statementKit();
let server: TestServer;
let calls: ReturnType<typeof custodyCaller>;
let carrier: Org;
let a: Org;
let b: Org;

beforeAll(async () => {
  ({ server, calls, carrier, a, b } = await start());
});
afterAll(() => stop());

async function targetKey(org: Org): Promise<string> {
  const row = await server.knex('organizations').where({ id: org.id }).first('sealing_public_key');
  return row.sealing_public_key;
}

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
