import { describe, expect, it } from 'vitest';
import { signCall } from '../../test/custody.ts';
import { createRelease } from '../../test/factories-releases.ts';
import { acting, custodyCast } from './custody-test-kit.ts';

const cast = custodyCast([
  ['carrier', 'a'],
  ['carrier', 'b'],
]);

/** A transfer's second call with its target named as `target`, after a dry run by address. */
async function transferNaming(target: Record<string, unknown>) {
  const release = await createRelease(cast.server, cast.carrier, {
    pickupLocation: cast.terminal,
    pincode: '482913',
  });
  const dryRun = await cast.calls.dryRun(
    acting(cast.carrier),
    'transfer',
    [release.address],
    cast.a.address,
  );
  expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(201);
  const { target_organization_address: _address, ...signed } = await signCall(
    acting(cast.carrier),
    'transfer',
    dryRun.body,
  );
  const applied = await cast.calls.api('transfers', {
    method: 'POST',
    token: acting(cast.carrier).token,
    body: { ...signed, ...target },
  });
  const owner = await cast.server
    .knex('releases')
    .where({ address: release.address })
    .first('owner_organization_id');
  return { applied, dryRun, owner: owner.owner_organization_id as number };
}

describe('releases spec §7 transfers: the second call names its target by target_organization_id', () => {
  it('the dry run’s target.id alone takes the transfer through', async () => {
    const { applied, dryRun, owner } = await transferNaming({ target_organization_id: cast.a.id });
    expect(dryRun.body.target.id).toBe(cast.a.id);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(owner).toBe(cast.a.id);
  });

  it('an id and an address of two organisations are refused, and an unknown id is no connection; nothing changes', async () => {
    const twoNames = await transferNaming({
      target_organization_id: cast.b.id,
      target_organization_address: cast.a.address,
    });
    expect(twoNames.applied.status).toBe(400);
    expect(twoNames.applied.body.data.code).toBe('validation_failed');
    expect(twoNames.owner).toBe(cast.carrier.id);
    for (const id of [2_147_483_647, 2 ** 40]) {
      const unknown = await transferNaming({ target_organization_id: id });
      expect(unknown.applied.status).toBe(400);
      expect(unknown.applied.body.data.code).toBe('no_finalized_connection');
      expect(unknown.owner).toBe(cast.carrier.id);
    }
    // Another organisation than the one signed for: the statement's `to` is not it.
    const other = await transferNaming({ target_organization_id: cast.b.id });
    expect(other.applied.status).toBe(400);
    expect(other.applied.body.data.code).toBe('statement_invalid');
    expect(other.owner).toBe(cast.carrier.id);
  });
});
