import { randomBytes } from 'node:crypto';
import type { CustodyDryRunAnswer } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCustody } from '../../releases/custody/sign-custody.ts';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { actingAs, connect } from '../../test/custody.ts';
import { addParty, createRelease } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

/*
 * Access spec §4 "Drivers, barges, trains": deactivating a transporter, or changing its
 * identifier, unassigns the releases assigned to it, after a warning and confirmation, through
 * the wallet; the answer lists removedReleases. Through the real API, with real signatures.
 */

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let haulier: Org;
let terminal = '';

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  let terminalOrg: Org;
  [carrier, forwarder, haulier, terminalOrg] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server, { fields: { is_connected_to_cpoint: true } }),
    signedInOrganization(server, { role: 'terminal' }),
  ]);
  await server
    .knex('organizations')
    .where({ id: carrier.id })
    .update({ secure_pickup_enabled: true });
  await connect(server.knex, haulier, terminalOrg);
  await server
    .knex('ports')
    .insert({ locode: 'BEANR', name: 'Antwerp', country: 'BE' })
    .onConflict('locode')
    .ignore();
  terminal = `U${randomBytes(4).toString('hex').toUpperCase()}`;
  await server.knex('terminals').insert({
    code: terminal,
    name: `Unassign terminal ${terminal}`,
    port_locode: 'BEANR',
    identification_method: 'alfapass',
    secure_pickup_enabled: true,
    owner_organization_id: terminalOrg.id,
  });
});
afterAll(() => server?.stop());

const put = (path: string, body: unknown) =>
  api(path, { method: 'PUT', token: haulier.tokens[1], body });
const patch = (path: string, body: unknown) =>
  api(path, { method: 'PATCH', token: haulier.tokens[1], body });

/** A release carrier → forwarder → haulier, picked up at the secure pick-up terminal. */
async function heldRelease() {
  const release = await createRelease(server, carrier, { pickupLocation: terminal });
  await addParty(server.knex, release.address, forwarder.id);
  await addParty(server.knex, release.address, haulier.id);
  return release.address;
}

/** Both calls of an assign or unassign (DESIGN §3), as the browser does them. */
async function signed(action: 'assign' | 'unassign', addresses: string[], assignee: object = {}) {
  const path = `releases/assignment/${action}`;
  const first = await put(path, { dryRun: true, releaseAddresses: addresses, ...assignee });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  return signCustody(actingAs(haulier), action, first.body as CustodyDryRunAnswer);
}

async function assign(addresses: string[], alfaPass: string) {
  const body = await signed('assign', addresses, {
    type: 'driver',
    identification: alfaPass,
    identificationType: 'alfapass',
  });
  const applied = await put('releases/assignment/assign', body);
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
}

const alfaPass = () => String(100000 + Math.floor(Math.random() * 800000));

async function driverWith(pass: string) {
  const created = await api('drivers', {
    method: 'POST',
    token: haulier.tokens[1],
    body: { firstName: 'Ann', lastName: `Alfa ${pass}`, alfaPass: pass, confirmed: true },
  });
  expect(created.status).toBe(201);
  return created.body.result.id as number;
}

const assignedAddresses = async () =>
  (
    await server
      .knex('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .where('a.organization_id', haulier.id)
      .pluck('r.address')
  ).sort();

describe('access spec §4: a deactivation unassigns exactly its releases, after confirmation', () => {
  it('warns with a 409 listing the three releases, then unassigns exactly those with the signed unassign', async () => {
    const pass = alfaPass();
    const id = await driverWith(pass);
    const other = alfaPass();
    await driverWith(other);
    const mine = [await heldRelease(), await heldRelease(), await heldRelease()];
    const theirs = await heldRelease();
    await assign(mine, pass);
    await assign([theirs], other);

    const warned = await patch(`drivers/${id}`, { isActive: false });
    expect(warned.status).toBe(409);
    expect(warned.body.data.code).toBe('transporter_has_assignments');
    expect(warned.body.data.key).toBe('backend.error.transporter_has_assignments');
    const listed = warned.body.data.assignedReleases;
    expect(listed.map((r: { address: string }) => r.address).sort()).toEqual([...mine].sort());
    expect(listed[0]).toEqual({
      address: expect.any(String),
      version: expect.any(Number),
      blNumber: expect.any(String),
      containerNumber: expect.any(String),
    });
    expect((await api(`drivers/${id}`, { token: haulier.tokens[1] })).body.isActive).toBe(true);

    const unassign = await signed('unassign', mine);
    const done = await patch(`drivers/${id}`, {
      isActive: false,
      unassign: {
        release_addresses: mine,
        statement: unassign.statement,
        signature: unassign.signature,
      },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result.isActive).toBe(false);
    expect(done.body.removedReleases.map((r: { address: string }) => r.address).sort()).toEqual(
      [...mine].sort(),
    );
    expect(await assignedAddresses()).toEqual([theirs]);
    const trail = await server
      .knex('user_audit_trail')
      .where({ organization_id: haulier.id, operation: 'deactivate driver' })
      .first();
    expect(trail.description.removedReleases).toHaveLength(3);
  });

  it('changing the Alfapass warns too; an unassign for other releases answers release_conflict', async () => {
    const pass = alfaPass();
    const id = await driverWith(pass);
    const address = await heldRelease();
    await assign([address], pass);
    const warned = await patch(`drivers/${id}`, { alfaPass: alfaPass() });
    expect(warned.status).toBe(409);
    expect(warned.body.data.assignedReleases).toHaveLength(1);

    const other = await heldRelease();
    await assign([other], pass);
    const onlyOne = await signed('unassign', [address]);
    const refused = await patch(`drivers/${id}`, {
      alfaPass: alfaPass(),
      unassign: {
        release_addresses: [address],
        statement: onlyOne.statement,
        signature: onlyOne.signature,
      },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.data.code).toBe('release_conflict');
    expect((await api(`drivers/${id}`, { token: haulier.tokens[1] })).body.alfaPass).toBe(pass);
  });

  it('editing other fields of an assigned driver changes nothing of its assignments', async () => {
    const pass = alfaPass();
    const id = await driverWith(pass);
    const address = await heldRelease();
    await assign([address], pass);
    const edited = await patch(`drivers/${id}`, { phone: '+32 470 00 00 01' });
    expect(edited.status).toBe(200);
    expect(edited.body.removedReleases).toEqual([]);
    expect(await assignedAddresses()).toContain(address);
  });
});
