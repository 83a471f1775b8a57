import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs as acting, signCall, type custodyCaller } from '../../test/custody.ts';
import { refusalKit, type Org } from './custody-refusals-kit.ts';

/*
 * Releases spec §4 "Action rules" (column "Refused by the server for"): the per-release reasons
 * a transfer is refused for, and §4 "Effects" (one refused release stops the whole call). Each
 * checked on the dry run and on a signed call that arrives after the release became ineligible
 * (the method: custody-refusals-kit.ts).
 */

const {
  start,
  stop,
  newRelease,
  act,
  snapshot,
  expectConflict,
  seen,
  setParty,
  setRelease,
  deleteRelease,
} = refusalKit();
let calls: ReturnType<typeof custodyCaller>;
let carrier: Org;
let a: Org;
let b: Org;

beforeAll(async () => {
  ({ calls, carrier, a, b } = await start());
});
afterAll(() => stop());

describe('releases spec §4 "Action rules": Transfer is refused for', () => {
  it('§4 assigned', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(
      a,
      'transfer',
      address,
      'assigned',
      () => setParty(address, a, 'assigned'),
      b,
    );
  });

  it('§4 deleted (the carrier deleted it through DELETE /api/releases/<address>)', async () => {
    const { address } = await newRelease();
    await expectConflict(carrier, 'transfer', address, 'deleted', () => deleteRelease(address), a);
  });

  it('§4 gate-out', async () => {
    const { address } = await newRelease();
    await expectConflict(
      carrier,
      'transfer',
      address,
      'gateOut',
      () => setRelease(address, { release_status: 'gateout' }),
      a,
    );
  });

  it('§4 not owned (a party that already transferred it)', async () => {
    const { address } = await newRelease();
    await expectConflict(
      carrier,
      'transfer',
      address,
      'notOwned',
      () => act(carrier, 'transfer', [address], a),
      b,
    );
    expect(await seen(carrier, address)).toMatchObject({ transferStatus: 'transferred' });
    expect(await seen(b, address)).toBe(404);
  });

  it('§4 sent to PCS', async () => {
    const { address } = await newRelease();
    await expectConflict(
      carrier,
      'transfer',
      address,
      'sentToPcs',
      () => setRelease(address, { sent_to_pcs: true }),
      a,
    );
  });

  it('§4 pincode already fetched (the owner fetched it through pincode-log first)', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(
      a,
      'transfer',
      address,
      'pincodeFetched',
      () => act(a, 'pincode', [address]),
      b,
    );
  });

  it('§4 "Effects": one ineligible release of several stops them all (nothing changes)', async () => {
    const first = await newRelease();
    const second = await newRelease();
    const addresses = [first.address, second.address];
    const dryRun = await calls.dryRun(acting(carrier), 'transfer', addresses, a.address);
    expect(dryRun.body.eligible_releases).toHaveLength(2);
    const body = await signCall(acting(carrier), 'transfer', dryRun.body);
    await setRelease(second.address, { release_status: 'gateout' });
    const before = await Promise.all(addresses.map(snapshot));
    const applied = await calls.api('transfers', {
      method: 'POST',
      token: carrier.tokens[1],
      body,
    });
    expect(applied.status).toBe(409);
    expect(applied.body.data).toMatchObject({
      code: 'release_conflict',
      fields: { [second.address]: 'releases.refusal.gateOut' },
    });
    expect(applied.body.data.fields[first.address]).toBeUndefined();
    expect(await Promise.all(addresses.map(snapshot))).toEqual(before);
  });
});
