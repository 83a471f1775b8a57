import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOrganization, type SignedInOrganization } from '../../test/admin-kit.ts';
import { actingAs, connect, custodyCaller, signedInChain } from '../../test/custody.ts';
import { createRelease } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

/*
 * Releases spec §7 `nmots` create (releases, modeOfTransport truck, barge, rail, unknown; §9),
 * behind canNmot (§6), only on releases the caller owns in its chain (§6 "Only the owner"),
 * another organisation's release is not found (DESIGN §3 "Tenancy").
 */

let server: TestServer;
let calls: ReturnType<typeof custodyCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let haulier: Org;

beforeAll(async () => {
  server = await startTestApp();
  calls = custodyCaller(server);
  [carrier, forwarder, haulier] = await signedInChain(server, [{}, {}, {}]);
  await connect(server.knex, carrier, haulier);
});
afterAll(() => server?.stop());

const nmot = (org: Org, body: unknown) =>
  calls.api('nmots', { method: 'POST', token: org.tokens[1], body });

/** A release the carrier passed on to `to`. */
async function heldBy(to: Org) {
  const release = await createRelease(server, carrier);
  const moved = await calls.act(actingAs(carrier), 'transfer', [release.address], to.address);
  expect(moved.applied.status, JSON.stringify(moved.applied.body)).toBe(201);
  return release.address;
}

const storedMode = async (address: string) =>
  (await server.knex('releases').where({ address }).first('next_mode_of_transport'))
    .next_mode_of_transport;

describe('releases spec §7 `nmots` create', () => {
  it('sets the mode of the owner’s releases; the overview row shows it to the whole chain', async () => {
    const address = await heldBy(forwarder);
    const answer = await nmot(forwarder, { releases: [address], modeOfTransport: 'barge' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({
      modeOfTransport: 'barge',
      applied: [expect.objectContaining({ address })],
      refused: [],
    });
    for (const org of [forwarder, carrier]) {
      const row = await calls.api(`releases/${address}`, { token: org.tokens[1] });
      expect(row.body.nextModeOfTransport).toBe('barge');
    }
    const again = await nmot(forwarder, { releases: [address], modeOfTransport: 'rail' });
    expect(again.body.applied).toHaveLength(1);
    expect(await storedMode(address)).toBe('rail');
  });

  it('§6 "Only the owner": a release passed on is refused (notOwned) and unchanged', async () => {
    const address = await heldBy(forwarder);
    const moved = await calls.act(actingAs(forwarder), 'transfer', [address], haulier.address);
    expect(moved.applied.status).toBe(201);
    const answer = await nmot(forwarder, { releases: [address], modeOfTransport: 'truck' });
    expect(answer.status).toBe(201);
    expect(answer.body.applied).toEqual([]);
    expect(answer.body.refused).toEqual([
      { address, reason: 'notOwned', error: 'Release is not owned by you' },
    ]);
    expect(await storedMode(address)).toBeNull();
    // The new owner may.
    const owner = await nmot(haulier, { releases: [address], modeOfTransport: 'truck' });
    expect(owner.body.applied).toHaveLength(1);
  });

  it('DESIGN §3 "Tenancy": another organisation’s release answers not found and is unchanged', async () => {
    const theirs = await heldBy(haulier);
    const answer = await nmot(forwarder, { releases: [theirs], modeOfTransport: 'unknown' });
    expect(answer.body.refused).toEqual([
      { address: theirs, reason: 'notFound', error: 'Release not found' },
    ]);
    expect(await storedMode(theirs)).toBeNull();
  });

  it('§9 choices and §8: bad input answers a clear 400', async () => {
    const address = await heldBy(forwarder);
    for (const body of [
      { releases: [address], modeOfTransport: 'plane' },
      { releases: [], modeOfTransport: 'truck' },
      { releases: [address] },
      { modeOfTransport: 'truck' },
      { releases: [address], modeOfTransport: 'truck', extra: 1 },
    ]) {
      const answer = await nmot(forwarder, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.code).toBe('validation_failed');
    }
  });

  it('§6 canNmot: without it 403 subscription_required; a terminal is forbidden; no session 401', async () => {
    const address = await heldBy(forwarder);
    const plain = await signedInOrganization(server, { fields: {} });
    await server
      .knex('organization_features')
      .insert({ organization_id: plain.id, feature: 'canNmot', enabled: false });
    const refused = await nmot(plain, { releases: [address], modeOfTransport: 'truck' });
    expect(refused.status).toBe(403);
    expect(refused.body.data.code).toBe('subscription_required');
    const terminal = await signedInOrganization(server, { role: 'terminal' });
    const forbidden = await nmot(terminal, { releases: [address], modeOfTransport: 'truck' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.data.code).toBe('forbidden');
    const anonymous = await calls.api('nmots', {
      method: 'POST',
      body: { releases: [address], modeOfTransport: 'truck' },
    });
    expect(anonymous.status).toBe(401);
    expect(await storedMode(address)).toBeNull();
  });
});
