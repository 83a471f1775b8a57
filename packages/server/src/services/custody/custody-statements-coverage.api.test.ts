import { pincodeHash } from '@scr/domain';
import { deriveSealingKeyPair, openPincode, sealPincode } from '@scr/wallet';
import { describe, expect, it } from 'vitest';
import { invalid, statementKit } from './custody-statements-kit.ts';
import { acting, type Org } from './custody-test-kit.ts';

/*
 * DESIGN §3 "Statements and the custody ledger": the statement covers exactly the call's
 * releases, versions and pincode ciphertexts, and names its action and target; each refusal
 * changes nothing (custody-statements-kit.ts).
 */

const { cast, newRelease, prepared, post, expectRefusedCall, stillGoesThrough } = statementKit();

async function targetKey(org: Org): Promise<string> {
  const row = await cast.server
    .knex('organizations')
    .where({ id: org.id })
    .first('sealing_public_key');
  return row.sealing_public_key;
}

describe('DESIGN §3 "covers exactly these releases, versions and ciphertexts"', () => {
  it("§3 a statement covering another release besides the call's → statement_invalid", async () => {
    const { address } = await newRelease();
    const extra = await newRelease();
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a, {
      tweak: (statement) => ({
        ...statement,
        releases: [
          ...statement.releases,
          { address: extra.address, version: extra.version, pincodeHash: null },
        ].sort((x, y) => (x.address < y.address ? -1 : 1)),
      }),
    });
    await expectRefusedCall(
      cast.carrier,
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
    const { body } = await prepared(cast.carrier, 'transfer', addresses, cast.a, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.filter((r) => r.address === first.address),
      }),
    });
    await expectRefusedCall(cast.carrier, 'transfer', body, addresses, invalid('releases'));
    await stillGoesThrough(cast.carrier, 'transfer', addresses, cast.a);
  });

  it('§3 a second call whose body lists a release not in the statement → statement_invalid', async () => {
    const { address } = await newRelease();
    const extra = await newRelease();
    const { body } = await prepared(cast.carrier, 'block', [address]);
    const widened = {
      ...body,
      release_addresses: [
        ...body.release_addresses,
        { address: extra.address, version: extra.version },
      ],
    };
    await expectRefusedCall(
      cast.carrier,
      'block',
      widened,
      [address, extra.address],
      invalid('releases'),
    );
    // The same for a transfer, the extra release with a copy resealed to the target.
    const transfer = await prepared(cast.carrier, 'transfer', [address], cast.a);
    const extraDryRun = await cast.calls.dryRun(
      acting(cast.carrier),
      'transfer',
      [extra.address],
      cast.a.address,
    );
    const resealed = await sealPincode(
      await openPincode(
        extraDryRun.body.eligible_releases[0].encryptedPincode,
        await deriveSealingKeyPair(cast.carrier.privateKey),
      ),
      transfer.dryRun.target.sealingPublicKey,
    );
    await expectRefusedCall(
      cast.carrier,
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
    await stillGoesThrough(cast.carrier, 'transfer', [address, extra.address], cast.a);
  });

  it('§3 a statement for other versions (version + 1) → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.map((r) => ({ ...r, version: r.version + 1 })),
      }),
    });
    await expectRefusedCall(cast.carrier, 'transfer', body, [address], invalid('versions'));
    // And a body claiming the version the statement names does not match the release.
    const { body: both } = await prepared(cast.carrier, 'block', [address], undefined, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.map((r) => ({ ...r, version: r.version + 1 })),
      }),
    });
    const claimed = {
      ...both,
      release_addresses: both.release_addresses.map((r) => ({ ...r, version: r.version + 1 })),
    };
    const answer = await expectRefusedCall(cast.carrier, 'block', claimed, [address], {
      status: 409,
      code: 'release_conflict',
    });
    expect(answer.body.data.fields).toEqual({ [address]: 'releases.refusal.versionChanged' });
    await stillGoesThrough(cast.carrier, 'transfer', [address], cast.a);
  });

  it('§3 a statement naming another pincode ciphertext (pincodeHash) → statement_invalid', async () => {
    const { address } = await newRelease();
    const other = pincodeHash(await sealPincode('000000', await targetKey(cast.a)));
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.map((r) => ({ ...r, pincodeHash: other })),
      }),
    });
    await expectRefusedCall(cast.carrier, 'transfer', body, [address], invalid('pincodes'));
    // A body carrying another ciphertext than the one signed for.
    const { body: signed } = await prepared(cast.carrier, 'transfer', [address], cast.a);
    const swapped = {
      ...signed,
      release_addresses: signed.release_addresses.map((r) => ({
        ...r,
        encryptedPincode: r.encryptedPincode
          ? `${r.encryptedPincode.slice(0, -4)}AAA=`
          : r.encryptedPincode,
      })),
    };
    await expectRefusedCall(cast.carrier, 'transfer', swapped, [address], invalid('pincodes'));
    // For the other actions the hash is of the caller's own stored copy.
    const { body: block } = await prepared(cast.carrier, 'block', [address], undefined, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.map((r) => ({ ...r, pincodeHash: other })),
      }),
    });
    await expectRefusedCall(cast.carrier, 'block', block, [address], invalid('pincodes'));
    await stillGoesThrough(cast.carrier, 'transfer', [address], cast.a);
  });

  it('§3 a statement to another target (`to`) → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a, {
      tweak: (statement) => ({ ...statement, to: cast.b.address }),
    });
    await expectRefusedCall(cast.carrier, 'transfer', body, [address], invalid('target'));
    // The body naming another (connected) target than the statement's.
    const { body: signed } = await prepared(cast.carrier, 'transfer', [address], cast.a);
    await expectRefusedCall(
      cast.carrier,
      'transfer',
      { ...signed, target_organization_address: cast.b.address },
      [address],
      invalid('target'),
    );
    // A `to` on an action without a target.
    const { body: block } = await prepared(cast.carrier, 'block', [address], undefined, {
      tweak: (statement) => ({ ...statement, to: cast.a.address }),
    });
    await expectRefusedCall(cast.carrier, 'block', block, [address], invalid('target'));
    await stillGoesThrough(cast.carrier, 'transfer', [address], cast.a);
  });

  it('§3 a statement for another action → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a, {
      tweak: (statement) => ({ ...statement, action: 'revoke' }),
    });
    await expectRefusedCall(cast.carrier, 'transfer', body, [address], invalid('action'));
    // A block, signed, posted to unblocks (after blocking, so the unblock itself is allowed).
    const { body: block } = await prepared(cast.carrier, 'block', [address]);
    expect((await post(cast.carrier, 'block', block)).status).toBe(201);
    const { body: secondBlock } = await prepared(cast.carrier, 'unblock', [address], undefined, {
      tweak: (statement) => ({ ...statement, action: 'block' }),
    });
    await expectRefusedCall(cast.carrier, 'unblock', secondBlock, [address], invalid('action'));
    await stillGoesThrough(cast.carrier, 'unblock', [address]);
  });
});
