import { deriveSealingKeyPair, openPincode } from '@scr/wallet';
import { describe, expect, it } from 'vitest';
import { signedInOrganization } from '../../test/admin-kit.ts';
import { connect, newPincode } from '../../test/custody.ts';
import { releaseTerminal } from '../../test/factories-releases.ts';
import { refusalKit } from './custody-refusals-kit.ts';
import { acting } from './custody-test-kit.ts';

/*
 * Releases spec §4 "Pincode eligibility" (and §6: Secure Pick-up, canFetchPincode): when the
 * pincode action is refused, and §4 "Effects" of fetching it (the method:
 * custody-refusals-kit.ts).
 */

const {
  cast,
  newRelease,
  act,
  expectRefused,
  expectConflict,
  seen,
  setParty,
  setRelease,
  setFeature,
} = refusalKit();

describe('releases spec §4 "Pincode eligibility"', () => {
  it('§4 "Not allowed to fetch pincode": not the owner', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    await expectConflict(cast.a, 'pincode', address, 'notAllowed', () =>
      act(cast.a, 'transfer', [address], cast.b),
    );
    await expectRefused(cast.a, 'pincode', address, 'notAllowed');
  });

  it('§6 carriers have no pincode action', async () => {
    const { address } = await newRelease();
    const answer = await cast.calls.dryRun(acting(cast.carrier), 'pincode', [address]);
    expect(answer.status).toBe(403);
    expect(answer.body.data.code).toBe('forbidden');
  });

  it('§4 "Not allowed to fetch pincode": a blocked release', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    await expectConflict(cast.a, 'pincode', address, 'notAllowed', () =>
      act(cast.carrier, 'block', [address]),
    );
  });

  it('§4 "Not allowed to fetch pincode": a secure pick-up terminal without canFetchPincode', async () => {
    const secure = await releaseTerminal(cast.server.knex, { securePickup: true });
    const forwarder = await signedInOrganization(cast.server);
    await connect(cast.server.knex, cast.carrier, forwarder);
    const { address } = await newRelease({ pickupLocation: secure });
    await act(cast.carrier, 'transfer', [address], forwarder);
    await setParty(address, forwarder, 'assigned');
    await expectConflict(forwarder, 'pincode', address, 'notAllowed', () =>
      setFeature(forwarder, 'canFetchPincode', false),
    );
  });

  it('§4 "Release sent to PCS"', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    await expectConflict(cast.a, 'pincode', address, 'sentToPcs', () =>
      setRelease(address, { sent_to_pcs: true }),
    );
  });

  it('§4 "Pins disabled" (terminals.pins_allowed = false)', async () => {
    const pinless = await releaseTerminal(cast.server.knex);
    const { address } = await newRelease({ pickupLocation: pinless });
    await act(cast.carrier, 'transfer', [address], cast.a);
    await expectConflict(cast.a, 'pincode', address, 'pinsDisabled', () =>
      cast.server.knex('terminals').where({ code: pinless }).update({ pins_allowed: false }),
    );
  });

  it('§4 "Must assign to fetch pin": secure pick-up, canFetchPincode, owned not assigned', async () => {
    const secure = await releaseTerminal(cast.server.knex, { securePickup: true });
    const { address } = await newRelease({ pickupLocation: secure });
    await act(cast.carrier, 'transfer', [address], cast.a);
    await expectRefused(cast.a, 'pincode', address, 'mustAssign');
    // Assigned, it may; unassigned again before the signed call arrives, it may not.
    await setParty(address, cast.a, 'assigned');
    await expectConflict(cast.a, 'pincode', address, 'mustAssign', () =>
      setParty(address, cast.a, 'owned'),
    );
  });

  it('§4 "Effects": the owner fetches its pincode, is pinRetrieved, and can no longer transfer', async () => {
    const pincode = newPincode();
    const { address } = await newRelease({ pincode });
    await act(cast.carrier, 'transfer', [address], cast.a);
    const answer = await act(cast.a, 'pincode', [address]);
    expect(answer.data).toEqual([{ address, encryptedPincode: expect.any(String) }]);
    const opened = await openPincode(
      answer.data[0].encryptedPincode,
      await deriveSealingKeyPair(cast.a.privateKey),
    );
    expect(opened).toBe(pincode);
    expect(opened).toMatch(/^\d{6}$/);
    expect(await seen(cast.a, address)).toMatchObject({ transferStatus: 'pinRetrieved' });
    await expectRefused(cast.a, 'transfer', address, 'pincodeFetched', cast.b);
    // Fetching again is allowed (the same copy), and the status stays.
    const again = await act(cast.a, 'pincode', [address]);
    expect(again.data).toEqual(answer.data);
    expect(await seen(cast.a, address)).toMatchObject({ transferStatus: 'pinRetrieved' });
  });
});
