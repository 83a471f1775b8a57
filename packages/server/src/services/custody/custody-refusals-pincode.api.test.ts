import { deriveSealingKeyPair, openPincode } from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOrganization } from '../../test/admin-kit.ts';
import { actingAs as acting, connect, newPincode, type custodyCaller } from '../../test/custody.ts';
import { releaseTerminal } from '../../test/factories-releases.ts';
import type { TestServer } from '../../test/start-app.ts';
import { refusalKit, type Org } from './custody-refusals-kit.ts';

/*
 * Releases spec §4 "Pincode eligibility" (and §6: Secure Pick-up, canFetchPincode): when the
 * pincode action is refused, and §4 "Effects" of fetching it (the method:
 * custody-refusals-kit.ts).
 */

const {
  start,
  stop,
  newRelease,
  act,
  expectRefused,
  expectConflict,
  seen,
  setParty,
  setRelease,
  setFeature,
} = refusalKit();
let server: TestServer;
let calls: ReturnType<typeof custodyCaller>;
let carrier: Org;
let a: Org;
let b: Org;

beforeAll(async () => {
  ({ server, calls, carrier, a, b } = await start());
});
afterAll(() => stop());

describe('releases spec §4 "Pincode eligibility"', () => {
  it('§4 "Not allowed to fetch pincode": not the owner', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(a, 'pincode', address, 'notAllowed', () =>
      act(a, 'transfer', [address], b),
    );
    await expectRefused(a, 'pincode', address, 'notAllowed');
  });

  it('§6 carriers have no pincode action', async () => {
    const { address } = await newRelease();
    const answer = await calls.dryRun(acting(carrier), 'pincode', [address]);
    expect(answer.status).toBe(403);
    expect(answer.body.data.code).toBe('forbidden');
  });

  it('§4 "Not allowed to fetch pincode": a blocked release', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(a, 'pincode', address, 'notAllowed', () =>
      act(carrier, 'block', [address]),
    );
  });

  it('§4 "Not allowed to fetch pincode": a secure pick-up terminal without canFetchPincode', async () => {
    const secure = await releaseTerminal(server.knex, { securePickup: true });
    const forwarder = await signedInOrganization(server);
    await connect(server.knex, carrier, forwarder);
    const { address } = await newRelease({ pickupLocation: secure });
    await act(carrier, 'transfer', [address], forwarder);
    await setParty(address, forwarder, 'assigned');
    await expectConflict(forwarder, 'pincode', address, 'notAllowed', () =>
      setFeature(forwarder, 'canFetchPincode', false),
    );
  });

  it('§4 "Release sent to PCS"', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(a, 'pincode', address, 'sentToPcs', () =>
      setRelease(address, { sent_to_pcs: true }),
    );
  });

  it('§4 "Pins disabled" (terminals.pins_allowed = false)', async () => {
    const pinless = await releaseTerminal(server.knex);
    const { address } = await newRelease({ pickupLocation: pinless });
    await act(carrier, 'transfer', [address], a);
    await expectConflict(a, 'pincode', address, 'pinsDisabled', () =>
      server.knex('terminals').where({ code: pinless }).update({ pins_allowed: false }),
    );
  });

  it('§4 "Must assign to fetch pin": secure pick-up, canFetchPincode, owned not assigned', async () => {
    const secure = await releaseTerminal(server.knex, { securePickup: true });
    const { address } = await newRelease({ pickupLocation: secure });
    await act(carrier, 'transfer', [address], a);
    await expectRefused(a, 'pincode', address, 'mustAssign');
    // Assigned, it may; unassigned again before the signed call arrives, it may not.
    await setParty(address, a, 'assigned');
    await expectConflict(a, 'pincode', address, 'mustAssign', () => setParty(address, a, 'owned'));
  });

  it('§4 "Effects": the owner fetches its pincode, is pinRetrieved, and can no longer transfer', async () => {
    const pincode = newPincode();
    const { address } = await newRelease({ pincode });
    await act(carrier, 'transfer', [address], a);
    const answer = await act(a, 'pincode', [address]);
    expect(answer.data).toEqual([{ address, encryptedPincode: expect.any(String) }]);
    const opened = await openPincode(
      answer.data[0].encryptedPincode,
      await deriveSealingKeyPair(a.privateKey),
    );
    expect(opened).toBe(pincode);
    expect(opened).toMatch(/^\d{6}$/);
    expect(await seen(a, address)).toMatchObject({ transferStatus: 'pinRetrieved' });
    await expectRefused(a, 'transfer', address, 'pincodeFetched', b);
    // Fetching again is allowed (the same copy), and the status stays.
    const again = await act(a, 'pincode', [address]);
    expect(again.data).toEqual(answer.data);
    expect(await seen(a, address)).toMatchObject({ transferStatus: 'pinRetrieved' });
  });
});
