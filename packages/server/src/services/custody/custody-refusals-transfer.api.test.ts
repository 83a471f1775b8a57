import type { CustodyRefusal } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { signCall } from '../../test/custody.ts';
import { refusalKit } from './custody-refusals-kit.ts';
import { acting, type Org } from './custody-test-kit.ts';

/*
 * Releases spec §4 "Action rules" (column "Refused by the server for"): the per-release reasons
 * a transfer is refused for, and §4 "Effects" (one refused release stops the whole call). Each
 * checked on the dry run and on a signed call that arrives after the release became ineligible
 * (the method: custody-refusals-kit.ts).
 */

const {
  cast,
  newRelease,
  act,
  snapshot,
  expectConflict,
  seen,
  setParty,
  setRelease,
  deleteRelease,
} = refusalKit();

/** `from`'s transfer of `address` to `to`, signed, then refused for `reason` after `change`. */
const expectTransferConflict = (
  from: Org,
  to: Org,
  address: string,
  reason: CustodyRefusal,
  change: () => Promise<unknown>,
) => expectConflict(from, 'transfer', address, reason, change, to);

describe('releases spec §4 "Action rules": Transfer is refused for', () => {
  it('§4 assigned', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    await expectTransferConflict(cast.a, cast.b, address, 'assigned', () =>
      setParty(address, cast.a, 'assigned'),
    );
  });

  it('§4 deleted (the carrier deleted it through DELETE /api/releases/<address>)', async () => {
    const { address } = await newRelease();
    await expectTransferConflict(cast.carrier, cast.a, address, 'deleted', () =>
      deleteRelease(address),
    );
  });

  it('§4 gate-out', async () => {
    const { address } = await newRelease();
    await expectTransferConflict(cast.carrier, cast.a, address, 'gateOut', () =>
      setRelease(address, { release_status: 'gateout' }),
    );
  });

  it('§4 not owned (a party that already transferred it)', async () => {
    const { address } = await newRelease();
    await expectTransferConflict(cast.carrier, cast.b, address, 'notOwned', () =>
      act(cast.carrier, 'transfer', [address], cast.a),
    );
    expect(await seen(cast.carrier, address)).toMatchObject({ transferStatus: 'transferred' });
    expect(await seen(cast.b, address)).toBe(404);
  });

  it('§4 sent to PCS', async () => {
    const { address } = await newRelease();
    await expectTransferConflict(cast.carrier, cast.a, address, 'sentToPcs', () =>
      setRelease(address, { sent_to_pcs: true }),
    );
  });

  it('§4 pincode already fetched (the owner fetched it through pincode-log first)', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    await expectTransferConflict(cast.a, cast.b, address, 'pincodeFetched', () =>
      act(cast.a, 'pincode', [address]),
    );
  });

  it('§4 "Effects": one ineligible release of several stops them all (nothing changes)', async () => {
    const first = await newRelease();
    const second = await newRelease();
    const addresses = [first.address, second.address];
    const dryRun = await cast.calls.dryRun(
      acting(cast.carrier),
      'transfer',
      addresses,
      cast.a.address,
    );
    expect(dryRun.body.eligible_releases).toHaveLength(2);
    const body = await signCall(acting(cast.carrier), 'transfer', dryRun.body);
    await setRelease(second.address, { release_status: 'gateout' });
    const before = await Promise.all(addresses.map(snapshot));
    const applied = await cast.calls.api('transfers', {
      method: 'POST',
      token: cast.carrier.tokens[1],
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
