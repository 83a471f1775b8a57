import { refusalMessages } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signedInOrganization,
  adminCast,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { actingAs, connect, custodyCaller } from '../../test/custody.ts';
import { createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

/*
 * Issue 11 item 7, chain fixes found in review: (a) DESIGN §3 "Invariant" with releases spec §4
 * "Effects" (a pincode someone fetched never travels on, whatever revokes follow); (b) releases
 * spec §6 "Secure Pick-up depends on enablement per terminal and per carrier".
 */

let server: TestServer;
let calls: ReturnType<typeof custodyCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let haulier: Org;
let other: Org;
let support: string;

beforeAll(async () => {
  server = await startTestApp();
  calls = custodyCaller(server);
  [carrier, forwarder, haulier, other] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server),
    signedInOrganization(server),
  ]);
  ({ support } = await adminCast(server));
  await connect(server.knex, carrier, forwarder);
  await connect(server.knex, carrier, other);
  await connect(server.knex, forwarder, haulier);
  await connect(server.knex, forwarder, other);
});
afterAll(() => server?.stop());

const acted = async (
  org: Org,
  action: 'transfer' | 'revoke' | 'pincode',
  address: string,
  to?: Org,
) => {
  const answer = await calls.act(actingAs(org), action, [address], to?.address);
  expect(answer.applied.status, JSON.stringify(answer.applied.body)).toBe(201);
  expect(answer.applied.body.applied).toHaveLength(1);
};

/** The dry run's refusal of a transfer to `to`, or null when it would go ahead. */
const transferRefusal = async (org: Org, address: string, to: Org) => {
  const answer = await calls.dryRun(actingAs(org), 'transfer', [address], to.address);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.refused[0] ?? null;
};

describe('DESIGN §3 "Invariant", releases spec §4 "Effects": a fetched pincode never travels on', () => {
  it('carrier → forwarder → haulier, the haulier fetches the pincode, the forwarder revokes: no one may transfer it again', async () => {
    const terminal = await releaseTerminal(server.knex);
    const { address } = await createRelease(server, carrier, {
      pickupLocation: terminal,
      pincode: '482913',
    });
    await acted(carrier, 'transfer', address, forwarder);
    await acted(forwarder, 'transfer', address, haulier);
    await acted(haulier, 'pincode', address);
    await acted(forwarder, 'revoke', address);

    // The forwarder owns it again, its own row never fetched: the haulier's fetch still counts.
    const forwarders = await transferRefusal(forwarder, address, other);
    expect(forwarders).toMatchObject({
      address,
      reason: 'pincodeFetched',
      error: refusalMessages.pincodeFetched,
    });
    // A signed call cannot pass it on either.
    const forced = await calls.act(actingAs(forwarder), 'transfer', [address], other.address);
    expect(forced.applied.body.applied ?? []).toEqual([]);

    // The carrier cannot: not while the forwarder owns it, nor after revoking it back.
    expect(await transferRefusal(carrier, address, other)).toMatchObject({ reason: 'notOwned' });
    await acted(carrier, 'revoke', address);
    expect(await transferRefusal(carrier, address, other)).toMatchObject({
      reason: 'pincodeFetched',
    });
    const parties = await server
      .knex('release_parties as p')
      .join('releases as r', 'r.id', 'p.release_id')
      .where({ 'r.address': address, 'p.organization_id': other.id })
      .count({ n: '*' });
    expect(Number(parties[0]!.n)).toBe(0);
  });

  it('a release whose pincode nobody fetched still travels after a revoke (the rule looks at fetches only)', async () => {
    const { address } = await createRelease(server, carrier, { pincode: '112233' });
    await acted(carrier, 'transfer', address, forwarder);
    await acted(forwarder, 'transfer', address, haulier);
    await acted(forwarder, 'revoke', address);
    expect(await transferRefusal(forwarder, address, other)).toBeNull();
  });
});

describe('releases spec §6 "Secure Pick-up depends on enablement per terminal and per carrier"', () => {
  const patchCarrier = (token: string, securePickupEnabled: boolean, org: Org = carrier) =>
    calls.api(`organizations/${org.id}`, {
      method: 'PATCH',
      token,
      body: { securePickupEnabled },
    });

  it('support sets a carrier’s Secure Pick-up; the carrier’s own admin may not (access spec §6)', async () => {
    const carrierOwn = await signedInOrganization(server, { role: 'carrier' });
    const refused = await patchCarrier(carrierOwn.tokens[0]!, true, carrierOwn);
    expect(refused.status).toBe(403);
    const byDesk = await patchCarrier(support, true, carrierOwn);
    expect(byDesk.status, JSON.stringify(byDesk.body)).toBe(200);
    expect(byDesk.body.securePickupEnabled).toBe(true);
    const read = await calls.api(`organizations/${carrierOwn.id}`, { token: support });
    expect(read.body.securePickupEnabled).toBe(true);
    const bad = await calls.api(`organizations/${carrierOwn.id}`, {
      method: 'PATCH',
      token: support,
      body: { securePickupEnabled: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('a release at a Secure Pick-up terminal is secure pick-up only when its carrier has it too (create, edit, pincode)', async () => {
    const pilotCarrier = await signedInOrganization(server, { role: 'carrier' });
    await connect(server.knex, pilotCarrier, forwarder);
    const secureTerminal = await releaseTerminal(server.knex, { securePickup: true });
    const plainTerminal = await releaseTerminal(server.knex);

    // The carrier is not enabled: the terminal alone makes no secure pick-up.
    const before = await createRelease(server, pilotCarrier, {
      pickupLocation: secureTerminal,
      pincode: '654321',
    });
    expect(before.isSecurePickup).toBe(false);
    await acted(pilotCarrier, 'transfer', before.address, forwarder);
    // §4 "Pincode eligibility": no assignment needed, the pincode may be fetched.
    const fetchable = await calls.dryRun(actingAs(forwarder), 'pincode', [before.address]);
    expect(fetchable.body.refused).toEqual([]);

    expect((await patchCarrier(support, true, pilotCarrier)).status).toBe(200);
    const after = await createRelease(server, pilotCarrier, {
      pickupLocation: secureTerminal,
      pincode: '654321',
    });
    expect(after.isSecurePickup).toBe(true);
    await acted(pilotCarrier, 'transfer', after.address, forwarder);
    const mustAssign = await calls.dryRun(actingAs(forwarder), 'pincode', [after.address]);
    expect(mustAssign.body.refused).toEqual([
      expect.objectContaining({ address: after.address, reason: 'mustAssign' }),
    ]);
    // The release created before the carrier was enabled now answers as secure pick-up too:
    // the rules look at both enablements as they are.
    const nowSecure = await calls.dryRun(actingAs(forwarder), 'pincode', [before.address]);
    expect(nowSecure.body.refused[0]).toMatchObject({ reason: 'mustAssign' });

    // Edit: moving a release to another terminal recomputes it from both halves.
    const moved = await createRelease(server, pilotCarrier, { pickupLocation: plainTerminal });
    expect(moved.isSecurePickup).toBe(false);
    const edit = await calls.api(`releases/${moved.address}`, {
      method: 'PATCH',
      token: pilotCarrier.tokens[1],
      body: { pickupLocation: secureTerminal },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const stored = await server
      .knex('releases')
      .where({ address: moved.address })
      .first('is_secure_pickup');
    expect(stored.is_secure_pickup).toBe(true);

    // The carrier switched off again: neither an edit nor the rules see a secure pick-up.
    expect((await patchCarrier(support, false, pilotCarrier)).status).toBe(200);
    const back = await calls.api(`releases/${moved.address}`, {
      method: 'PATCH',
      token: pilotCarrier.tokens[1],
      body: { pickupLocation: secureTerminal },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const restored = await server
      .knex('releases')
      .where({ address: moved.address })
      .first('is_secure_pickup');
    expect(restored.is_secure_pickup).toBe(false);
    const again = await calls.dryRun(actingAs(forwarder), 'pincode', [after.address]);
    expect(again.body.refused).toEqual([]);
  });
});
