import { refusalMessages } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { signedInOrganization } from '../../test/admin-kit.ts';
import { connect, newPincode, signCall } from '../../test/custody.ts';
import { createRelease } from '../../test/factories-releases.ts';
import { randomAddress } from '../../test/factories.ts';
import { refusalKit } from './custody-refusals-kit.ts';
import { acting } from './custody-test-kit.ts';

/*
 * Releases spec §4 "Action rules", §5 "Transfer", §6 and §8: a transfer refused for who takes
 * part in it (the target: its finalised connection, its admin user, its place in the chain; the
 * caller: canTransferRevoke, and DESIGN §3 "Tenancy", releases it may not see).
 */

const { cast, newRelease, act, snapshot, expectRefused, forgedDryRun, postForged, setFeature } =
  refusalKit();

describe('releases spec §4 "Action rules": Transfer is refused for', () => {
  it('§6 and §8: a target without a finalised connection → no_finalized_connection', async () => {
    const { address } = await newRelease();
    const stranger = await signedInOrganization(cast.server);
    const dryRun = await cast.calls.dryRun(
      acting(cast.carrier),
      'transfer',
      [address],
      stranger.address,
    );
    expect(dryRun.status).toBe(400);
    expect(dryRun.body.data.code).toBe('no_finalized_connection');
    // A signed call straight to it is refused the same way, changing nothing.
    const signed = await postForged(cast.carrier, 'transfer', address, stranger);
    expect(signed.status).toBe(400);
    expect(signed.body.data.code).toBe('no_finalized_connection');
    // An unknown organisation address answers the same.
    const unknown = await cast.calls.dryRun(
      acting(cast.carrier),
      'transfer',
      [address],
      randomAddress(),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.code).toBe('no_finalized_connection');
  });

  it('§5 "Transfer" and §8: no target selected → missing_target_organization', async () => {
    const { address } = await newRelease();
    const dryRun = await cast.calls.dryRun(acting(cast.carrier), 'transfer', [address]);
    expect(dryRun.status).toBe(400);
    expect(dryRun.body.data.code).toBe('missing_target_organization');
    // The signed call without its target too.
    const body = await signCall(
      acting(cast.carrier),
      'transfer',
      await forgedDryRun(cast.carrier, 'transfer', address, cast.a),
    );
    const before = await snapshot(address);
    delete (body as { target_organization_address?: string }).target_organization_address;
    const applied = await cast.calls.api('transfers', {
      method: 'POST',
      token: cast.carrier.tokens[1],
      body,
    });
    expect(applied.status).toBe(400);
    expect(applied.body.data.code).toBe('missing_target_organization');
    expect(await snapshot(address)).toEqual(before);
  });

  it('§5 "Transfer": a carrier transferring to an organisation without an admin user → admin_user_not_found', async () => {
    const { address } = await newRelease();
    const noAdmin = await signedInOrganization(cast.server, { users: [{}] });
    await connect(cast.server.knex, cast.carrier, noAdmin);
    const dryRun = await cast.calls.dryRun(
      acting(cast.carrier),
      'transfer',
      [address],
      noAdmin.address,
    );
    expect(dryRun.status).toBe(400);
    expect(dryRun.body.data.code).toBe('admin_user_not_found');
    expect(dryRun.body.message).toBe('Could not find admin user');
    const signed = await postForged(cast.carrier, 'transfer', address, noAdmin);
    expect(signed.status).toBe(400);
    expect(signed.body.data.code).toBe('admin_user_not_found');
    // A forwarder may transfer to it (the rule is the carrier's).
    await act(cast.carrier, 'transfer', [address], cast.a);
    await connect(cast.server.knex, cast.a, noAdmin);
    const forwarder = await cast.calls.dryRun(
      acting(cast.a),
      'transfer',
      [address],
      noAdmin.address,
    );
    expect(forwarder.status, JSON.stringify(forwarder.body)).toBe(201);
    expect(forwarder.body.eligible_releases).toHaveLength(1);
  });

  it('§6 and §8: a forwarder without canTransferRevoke → subscription_required', async () => {
    const forwarder = await signedInOrganization(cast.server);
    await connect(cast.server.knex, cast.carrier, forwarder);
    await connect(cast.server.knex, forwarder, cast.b);
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], forwarder);
    const first = await cast.calls.dryRun(acting(forwarder), 'transfer', [address], cast.b.address);
    expect(first.body.eligible_releases).toHaveLength(1);
    const body = await signCall(acting(forwarder), 'transfer', first.body);
    await setFeature(forwarder, 'canTransferRevoke', false);
    const before = await snapshot(address);
    const applied = await cast.calls.api('transfers', {
      method: 'POST',
      token: forwarder.tokens[1],
      body,
    });
    expect(applied.status).toBe(403);
    expect(applied.body.data.code).toBe('subscription_required');
    expect(await snapshot(address)).toEqual(before);
    const dryRun = await cast.calls.dryRun(
      acting(forwarder),
      'transfer',
      [address],
      cast.b.address,
    );
    expect(dryRun.status).toBe(403);
    expect(dryRun.body.data.code).toBe('subscription_required');
    const revoke = await cast.calls.dryRun(acting(forwarder), 'revoke', [address]);
    expect(revoke.status).toBe(403);
    expect(revoke.body.data.code).toBe('subscription_required');
  });

  it('§4 "Effects" (the recipient becomes the owner): a target already in the chain → targetInChain', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    // A sends it back to the carrier, which still holds a (transferred) row in the chain.
    await expectRefused(cast.a, 'transfer', address, 'targetInChain', cast.carrier);
    const signed = await postForged(cast.a, 'transfer', address, cast.carrier);
    expect(signed.status).toBe(409);
    expect(signed.body.data).toMatchObject({
      code: 'release_conflict',
      fields: { [address]: 'releases.refusal.targetInChain' },
    });
  });

  it('DESIGN §3 "Tenancy": an unknown address and another chain\'s release → notFound, alike', async () => {
    const otherCarrier = await signedInOrganization(cast.server, { role: 'carrier' });
    const theirs = await createRelease(cast.server, otherCarrier, {
      pickupLocation: cast.terminal,
      pincode: newPincode(),
    });
    const unknown = randomAddress();
    const answer = await cast.calls.dryRun(
      acting(cast.carrier),
      'transfer',
      [unknown, theirs.address],
      cast.a.address,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.eligible_releases).toEqual([]);
    const notFound = (address: string) => ({
      address,
      blNumber: null,
      containerNumber: null,
      reason: 'notFound',
      error: refusalMessages.notFound,
    });
    const byAddress = new Map(
      answer.body.refused.map((r: { address: string }) => [r.address.toLowerCase(), r]),
    );
    expect(byAddress.size).toBe(2);
    expect(byAddress.get(theirs.address.toLowerCase())).toEqual(notFound(theirs.address));
    const forUnknownAddress = byAddress.get(unknown.toLowerCase()) as { address: string };
    expect(forUnknownAddress).toEqual(notFound(forUnknownAddress.address));
    // The signed call answers the two alike, and leaves the other chain's release alone.
    const strip = (body: { data: { fields: Record<string, string> } }, address: string) => ({
      ...body,
      data: { ...body.data, fields: body.data.fields[address] },
    });
    const forUnknown = await postForged(cast.carrier, 'transfer', unknown, cast.a);
    const forTheirs = await postForged(cast.carrier, 'transfer', theirs.address, cast.a);
    expect(forTheirs.status).toBe(409);
    expect(forUnknown.status).toBe(409);
    expect(strip(forTheirs.body, theirs.address)).toEqual(
      strip(forUnknown.body, Object.keys(forUnknown.body.data.fields)[0]!),
    );
    expect(forTheirs.body.data.fields[theirs.address]).toBe('releases.refusal.notFound');
    // The same for the other actions.
    for (const action of ['revoke', 'block', 'unblock'] as const) {
      await expectRefused(cast.carrier, action, theirs.address, 'notFound');
    }
    await expectRefused(cast.a, 'pincode', theirs.address, 'notFound');
  });
});
