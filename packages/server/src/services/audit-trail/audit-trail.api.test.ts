import { maxAuditTrailReleases } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addParty, createRelease } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

type Organization = SignedInOrganization;

/** A carrier of the test's own and a release it created, edited and deleted through the API. */
async function deletedRelease() {
  const carrier = await signedInOrganization(server, { role: 'carrier' });
  const release = await createRelease(server, carrier, { vessel: 'Scheldt Star' });
  const edited = await api(`releases/${release.address}`, {
    method: 'PATCH',
    token: carrier.tokens[1],
    body: { turnInLocation: 'Depot Noord' },
  });
  expect(edited.status).toBe(200);
  const deleted = await api(`releases/${release.address}`, {
    method: 'DELETE',
    token: carrier.tokens[1],
  });
  expect(deleted.status).toBe(200);
  return { carrier, release };
}

const names = (userId: number) =>
  server.knex('users').where({ id: userId }).first('first_name', 'last_name');
const trailOf = (address: string, token: string) => api(`audit-trail/${address}`, { token });
const trailsOf = (releaseAddresses: string[], token: string, body: object = {}) =>
  api('audit-trail', { method: 'POST', token, body: { releaseAddresses, ...body } });

/** Records a transfer to `target`, signed by the carrier's own key as the custody calls do. */
async function signedTransfer(
  carrier: Organization,
  target: Organization,
  release: { address: string },
) {
  // The transfer signed by the carrier's key, as the two calls would record it.
  await addParty(server.knex, release.address, target.id, {
    signedBy: carrier,
    userId: carrier.users[0]!.id,
  });
}

describe('audit-trail (releases spec §2 "Audit trail dialog", §3 "Audit trail entry", §7)', () => {
  it('releases spec §7 audit-trail get: the carrier reads create, edit and delete with names, each verified', async () => {
    const { carrier, release } = await deletedRelease();
    const answer = await trailOf(release.address, carrier.tokens[0]!);
    expect(answer.status).toBe(200);
    const [creator, editor] = await Promise.all([
      names(carrier.users[0]!.id),
      names(carrier.users[1]!.id),
    ]);
    const entry = {
      releaseAddress: release.address,
      blNumber: release.blNumber,
      containerNumber: release.containerNumber,
      source: 'user',
      sourceOrganizationName: carrier.name,
      targetOrganizationName: null,
      verified: true,
      verifyProblem: null,
    };
    expect(answer.body.data).toEqual([
      expect.objectContaining({
        ...entry,
        operation: 'create',
        sequence: 1,
        firstName: creator.first_name,
        lastName: creator.last_name,
        description: expect.objectContaining({
          container: expect.objectContaining({ containerNumber: release.containerNumber }),
        }),
      }),
      expect.objectContaining({
        ...entry,
        operation: 'edit',
        sequence: 2,
        firstName: editor.first_name,
        lastName: editor.last_name,
        description: expect.objectContaining({ changes: { turnInLocation: 'Depot Noord' } }),
      }),
      expect.objectContaining({ ...entry, operation: 'delete', sequence: 3 }),
    ]);
    const [first] = answer.body.data;
    // Issue 15: the creator's address comes with its organisation's name.
    expect(first.description.creator.toLowerCase()).toBe(carrier.address.toLowerCase());
    expect(first.addressNames).toEqual({ [first.description.creator]: carrier.name });
    expect(first.operationAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first.signerAddress).toBe(server.portal.app.get('serverKey').address);
    expect(JSON.stringify(answer.body)).not.toMatch(/pincode"\s*:\s*"\d/i);
  });

  it('releases spec §7 audit-trail, DESIGN §3 "An audit-trail row shows whether its event verifies": a rewritten event is flagged on its own row', async () => {
    const { carrier, release } = await deletedRelease();
    await server
      .knex('release_events')
      .where({ release_address: release.address, sequence: 2 })
      .update({ description: JSON.stringify({ changes: { turnInLocation: 'Elsewhere' } }) });
    const answer = await trailOf(release.address, carrier.tokens[0]!);
    expect(
      answer.body.data.map((e: { verified: boolean; verifyProblem: string }) => [
        e.verified,
        e.verifyProblem,
      ]),
    ).toEqual([
      [true, null],
      [false, 'the event does not hash to its stored hash'],
      [true, null],
    ]);
  });

  it('releases spec §7 audit-trail: a broken link to the previous event is flagged', async () => {
    const { carrier, release } = await deletedRelease();
    await server
      .knex('release_events')
      .where({ release_address: release.address, sequence: 3 })
      .update({ prev_hash: `0x${'0'.repeat(64)}` });
    const answer = await trailOf(release.address, carrier.tokens[0]!);
    expect(answer.body.data[2]).toMatchObject({
      verified: false,
      verifyProblem: 'the link to the previous event is broken',
    });
  });

  it('releases spec §7 audit-trail, DESIGN §3 "Tenancy": a release outside the chain is not found by get and left out by create', async () => {
    const { release } = await deletedRelease();
    const outsider = await signedInOrganization(server);
    const got = await trailOf(release.address, outsider.tokens[0]!);
    expect(got.status).toBe(404);
    expect(got.body.data.code).toBe('not_found');
    const unknown = await trailOf(`0x${'1'.repeat(40)}`, outsider.tokens[0]!);
    expect(unknown.status).toBe(404);
    const created = await trailsOf([release.address], outsider.tokens[0]!);
    expect(created).toMatchObject({ status: 201, body: { data: [] } });
  });

  it('releases spec §7 audit-trail: a party added to the chain reads the trail, with the transfer signed by its source organisation', async () => {
    const carrier = await signedInOrganization(server, { role: 'carrier' });
    const forwarder = await signedInOrganization(server);
    const release = await createRelease(server, carrier);
    await signedTransfer(carrier, forwarder, release);
    const answer = await trailOf(release.address.toLowerCase(), forwarder.tokens[1]!);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      expect.objectContaining({ operation: 'create', verified: true }),
      expect.objectContaining({
        operation: 'transfer',
        sequence: 2,
        source: 'user',
        sourceOrganizationName: carrier.name,
        targetOrganizationName: forwarder.name,
        signerAddress: carrier.address,
        description: { to: forwarder.name },
        verified: true,
        verifyProblem: null,
      }),
    ]);
  });

  it('releases spec §7 audit-trail: a party revoked out of the chain no longer reads it', async () => {
    const carrier = await signedInOrganization(server, { role: 'carrier' });
    const forwarder = await signedInOrganization(server);
    const release = await createRelease(server, carrier);
    await addParty(server.knex, release.address, forwarder.id);
    await server
      .knex('release_parties')
      .where({ organization_id: forwarder.id })
      .update({ active: false });
    expect((await trailOf(release.address, forwarder.tokens[0]!)).status).toBe(404);
  });

  it('releases spec §7 audit-trail create: several releases in the order asked, each by sequence, strangers and non-addresses left out', async () => {
    const { carrier, release: deleted } = await deletedRelease();
    const fresh = await createRelease(server, carrier);
    const other = await createRelease(
      server,
      await signedInOrganization(server, { role: 'carrier' }),
    );
    const answer = await trailsOf(
      [fresh.address, 'not-an-address', other.address, deleted.address, fresh.address],
      carrier.tokens[0]!,
      { includeadr: true },
    );
    expect(answer.status).toBe(201);
    expect(
      answer.body.data.map((e: { containerNumber: string; sequence: number }) => [
        e.containerNumber,
        e.sequence,
      ]),
    ).toEqual([
      [fresh.containerNumber, 1],
      [deleted.containerNumber, 1],
      [deleted.containerNumber, 2],
      [deleted.containerNumber, 3],
    ]);
  });

  it(`releases spec §7 audit-trail create: 1 to ${maxAuditTrailReleases} release addresses, nothing else`, async () => {
    const carrier = await signedInOrganization(server, { role: 'carrier' });
    const token = carrier.tokens[0]!;
    const address = `0x${'2'.repeat(40)}`;
    expect((await trailsOf([], token)).status).toBe(400);
    const tooMany = Array.from({ length: maxAuditTrailReleases + 1 }, () => address);
    expect((await trailsOf(tooMany, token)).status).toBe(400);
    expect((await trailsOf([address], token, { more: 1 })).status).toBe(400);
    expect((await trailsOf([address], token)).status).toBe(201);
  });

  it('releases spec §6 canAuditTrail: without the feature the trail answers subscription_required', async () => {
    const { carrier, release } = await deletedRelease();
    await server
      .knex('organization_features')
      .insert({ organization_id: carrier.id, feature: 'canAuditTrail', enabled: false });
    const got = await trailOf(release.address, carrier.tokens[0]!);
    expect(got.status).toBe(403);
    expect(got.body.data.code).toBe('subscription_required');
    const created = await trailsOf([release.address], carrier.tokens[0]!);
    expect(created.body.data.code).toBe('subscription_required');
  });

  it('releases spec §7 audit-trail: people only, signed in', async () => {
    const { release } = await deletedRelease();
    expect((await api(`audit-trail/${release.address}`)).status).toBe(401);
  });
});
