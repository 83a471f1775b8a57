import { randomBytes } from 'node:crypto';
import { assignmentRefusalMessages, refusalMessages, type CustodyRefusal } from '@scr/domain';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import {
  actingAs,
  assignmentCaller,
  connect,
  type AssigneeInput,
  type AssignmentAction,
  type AssignmentActOptions,
} from '../../test/custody.ts';
import { addParty, createRelease } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

/*
 * Test kit of the assignment API tests (assignment-*.api.test.ts): releases spec §3
 * "Assignment", §4 "Action rules" (the Assign and Unassign rows, "Effects": assign sets assigned,
 * unassign reverses it), §5 "Assign identification" (access spec §5), §6 (Secure Pick-up per
 * terminal and per carrier; canAssignDriver / canAssignBarge / canAssignTrain), §7
 * `releases/assignment/*` and §8 (per-release reasons); DESIGN §3 "Secure pick-up: assignment
 * and the gate" (the two calls and the statement). Through the real API.
 */

/** An organisation of the test's own with two signed-in users (see `signedInOrganization`). */
export type Org = SignedInOrganization;

/** Releases spec §7: the services of the assignment. */
export const paths = {
  info: 'releases/assignment/info',
  check: 'releases/assignment/check',
  assign: 'releases/assignment/assign',
  unassign: 'releases/assignment/unassign',
};

/** A terminal of `owner` in `port`, identifying by `method`, with or without Secure Pick-up. */
async function terminal(
  server: TestServer,
  owner: Org,
  port: { locode: string; name: string; country: string },
  fields: { method: 'alfapass' | 'itsme' | null; secure: boolean },
) {
  await server.knex('ports').insert(port).onConflict('locode').ignore();
  const code = `A${randomBytes(4).toString('hex').toUpperCase()}`;
  await server.knex('terminals').insert({
    code,
    name: `Assignment terminal ${code}`,
    port_locode: port.locode,
    identification_method: fields.method,
    secure_pickup_enabled: fields.secure,
    owner_organization_id: owner.id,
  });
  return code;
}

/**
 * The assignment API tests' cast: a carrier with Secure Pick-up, a forwarder, a haulier (linked
 * to the port community and connected to the terminals' owner), a stranger (linked, not
 * connected), the terminals' owner; terminals identifying by alfaPass, by itsme, by nothing, and
 * one without Secure Pick-up; in each of haulier, stranger and forwarder an active driver (Ann
 * Alfa), a deactivated one (Olaf Old, alfaPass 654321), a barge and a train; and how the active
 * driver is named by alfaPass and by itsme.
 */
async function assignmentCast(server: TestServer) {
  const alfaPass = String(100000 + Math.floor(Math.random() * 800000));
  const itsmeCode = `itsme-${randomBytes(4).toString('hex')}`;
  const eniNumber = randomBytes(4).toString('hex').toUpperCase();
  const trainCode = `TR-${randomBytes(3).toString('hex')}`;
  const [carrier, forwarder, haulier, stranger, terminalOrg] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server, { fields: { is_connected_to_cpoint: true } }),
    signedInOrganization(server, { fields: { is_connected_to_cpoint: true } }),
    signedInOrganization(server, { role: 'terminal' }),
  ]);
  await server
    .knex('organizations')
    .where({ id: carrier.id })
    .update({ secure_pickup_enabled: true });
  await connect(server.knex, haulier, terminalOrg);
  const antwerp = { locode: 'BEANR', name: 'Antwerp', country: 'BE' };
  const terminals = { alfa: '', itsme: '', none: '', plain: '', rotterdam: '' };
  terminals.alfa = await terminal(server, terminalOrg, antwerp, {
    method: 'alfapass',
    secure: true,
  });
  terminals.itsme = await terminal(
    server,
    terminalOrg,
    { locode: 'BEGNK', name: 'Genk', country: 'BE' },
    { method: 'itsme', secure: true },
  );
  terminals.rotterdam = await terminal(
    server,
    terminalOrg,
    { locode: 'NLRTM', name: 'Rotterdam', country: 'NL' },
    { method: null, secure: true },
  );
  terminals.none = terminals.rotterdam;
  terminals.plain = await terminal(server, terminalOrg, antwerp, {
    method: 'alfapass',
    secure: false,
  });
  for (const org of [haulier, stranger, forwarder]) {
    await server.knex('drivers').insert([
      {
        organization_id: org.id,
        first_name: 'Ann',
        last_name: 'Alfa',
        alfa_pass: alfaPass,
        itsme_code: itsmeCode,
      },
      {
        organization_id: org.id,
        first_name: 'Olaf',
        last_name: 'Old',
        alfa_pass: '654321',
        is_active: false,
      },
    ]);
    await server
      .knex('barges')
      .insert({ organization_id: org.id, name: 'Barge One', eni_number: eniNumber });
    await server
      .knex('trains')
      .insert({ organization_id: org.id, name: 'Train One', train_code: trainCode });
  }
  const driverByAlfa = { type: 'driver', identification: alfaPass, identificationType: 'alfapass' };
  const driverByItsme = { type: 'driver', identification: itsmeCode, identificationType: 'itsme' };
  const transporters = { alfaPass, itsmeCode, eniNumber, trainCode, driverByAlfa, driverByItsme };
  return { carrier, forwarder, haulier, stranger, terminalOrg, terminals, ...transporters };
}

/** The app and the cast, as `assignmentKit`'s `beforeAll` fills them in. */
export type AssignmentCast = { server: TestServer } & Awaited<ReturnType<typeof assignmentCast>>;

/**
 * The assignment files' cast and helpers. Registers the file's `beforeAll` (it starts the app
 * and builds the cast, see `assignmentCast`) and `afterAll` (it stops the app); the helpers act
 * as one of the cast.
 */
export function assignmentKit() {
  const cast = {} as AssignmentCast;
  beforeAll(async () => {
    cast.server = await startTestApp();
    Object.assign(cast, await assignmentCast(cast.server));
  });
  afterAll(() => cast.server?.stop());

  const api: ReturnType<typeof apiCaller> = (path, options) =>
    apiCaller(cast.server)(path, options);
  const calls = () => assignmentCaller(cast.server);

  /** A release of the carrier at `pickupLocation`, held by the haulier (carrier → forwarder → haulier). */
  async function heldRelease(pickupLocation = cast.terminals.alfa, holder: Org = cast.haulier) {
    const release = await createRelease(cast.server, cast.carrier, { pickupLocation });
    await addParty(cast.server.knex, release.address, cast.forwarder.id);
    await addParty(cast.server.knex, release.address, holder.id);
    return release.address;
  }

  function put(org: Org, path: string, body: unknown) {
    return calls().put(actingAs(org), path, body);
  }

  function dryRun(
    org: Org,
    action: AssignmentAction,
    addresses: string[],
    assignee: AssigneeInput = {},
  ) {
    return calls().dryRun(actingAs(org), action, addresses, assignee);
  }

  /** Both calls through the shared kit; the dry run must answer 200. */
  async function act(
    org: Org,
    action: AssignmentAction,
    addresses: string[],
    assignee: AssigneeInput = {},
    options: AssignmentActOptions = {},
  ) {
    const done = await calls().act(actingAs(org), action, addresses, assignee, options);
    expect(done.dryRun.status, JSON.stringify(done.dryRun.body)).toBe(200);
    return done;
  }

  async function expectRefused(
    org: Org,
    action: 'assign' | 'unassign',
    address: string,
    reason: CustodyRefusal,
    assignee: object = action === 'assign' ? cast.driverByAlfa : {},
  ) {
    const answer = await dryRun(org, action, [address], assignee);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.eligible_releases).toEqual([]);
    const text =
      (assignmentRefusalMessages as Record<string, string>)[reason] ??
      (refusalMessages as Record<string, string>)[reason];
    expect(answer.body.refused).toEqual([
      expect.objectContaining({ address, reason, error: text }),
    ]);
    expect(answer.body.errors).toEqual(answer.body.refused);
  }

  const partyStatus = async (address: string, org: Org) =>
    (
      await cast.server
        .knex('release_parties as p')
        .join('releases as r', 'r.id', 'p.release_id')
        .where({ 'r.address': address, 'p.organization_id': org.id, 'p.active': true })
        .first('p.transfer_status')
    )?.transfer_status;

  return {
    cast,
    api,
    heldRelease,
    put,
    dryRun,
    act,
    expectRefused,
    partyStatus,
  };
}
