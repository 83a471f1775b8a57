import { randomBytes } from 'node:crypto';
import {
  assignmentRefusalMessages,
  parseStatement,
  refusalMessages,
  type CustodyRefusal,
} from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.ts';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import { applySignedUnassign } from '../../releases/assignment/index.ts';
import { signCustody } from '../../releases/custody/sign-custody.ts';
import { signedInOrganization, apiCaller, tokenFor } from '../../test/admin-kit.ts';
import {
  actingAs,
  assignmentCaller,
  connect,
  custodyCaller,
  releaseSnapshot,
  type AssigneeInput,
  type AssignmentAction,
  type AssignmentActOptions,
} from '../../test/custody.ts';
import { addParty, createRelease } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

/*
 * Releases spec §3 "Assignment", §4 "Action rules" (the Assign and Unassign rows, "Effects":
 * assign sets assigned, unassign reverses it), §5 "Assign identification" (access spec §5),
 * §6 (Secure Pick-up per terminal and per carrier; canAssignDriver / canAssignBarge /
 * canAssignTrain), §7 `releases/assignment/*` and §8 (per-release reasons); DESIGN §3 "Secure
 * pick-up: assignment and the gate" (the two calls and the statement). Through the real API.
 */

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
type Org = Awaited<ReturnType<typeof signedInOrganization>>;
let carrier: Org;
let forwarder: Org;
let haulier: Org;
let stranger: Org;
let terminalOrg: Org;
const terminals = { alfa: '', itsme: '', none: '', plain: '', rotterdam: '' };
const alfaPass = String(100000 + Math.floor(Math.random() * 800000));
const itsmeCode = `itsme-${randomBytes(4).toString('hex')}`;
const eniNumber = randomBytes(4).toString('hex').toUpperCase();
const trainCode = `TR-${randomBytes(3).toString('hex')}`;

const paths = {
  info: 'releases/assignment/info',
  check: 'releases/assignment/check',
  assign: 'releases/assignment/assign',
  unassign: 'releases/assignment/unassign',
};

async function terminal(
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
    owner_organization_id: terminalOrg.id,
  });
  return code;
}

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  calls = assignmentCaller(server);
  [carrier, forwarder, haulier, stranger, terminalOrg] = await Promise.all([
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
  terminals.alfa = await terminal(antwerp, { method: 'alfapass', secure: true });
  terminals.itsme = await terminal(
    { locode: 'BEGNK', name: 'Genk', country: 'BE' },
    { method: 'itsme', secure: true },
  );
  terminals.rotterdam = await terminal(
    { locode: 'NLRTM', name: 'Rotterdam', country: 'NL' },
    { method: null, secure: true },
  );
  terminals.none = terminals.rotterdam;
  terminals.plain = await terminal(antwerp, { method: 'alfapass', secure: false });
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
});
afterAll(() => server?.stop());

/** A release of the carrier at `pickupLocation`, held by the haulier (carrier → forwarder → haulier). */
async function heldRelease(pickupLocation = terminals.alfa, holder: Org = haulier) {
  const release = await createRelease(server, carrier, { pickupLocation });
  await addParty(server.knex, release.address, forwarder.id);
  await addParty(server.knex, release.address, holder.id);
  return release.address;
}

const driverByAlfa = { type: 'driver', identification: alfaPass, identificationType: 'alfapass' };
const driverByItsme = { type: 'driver', identification: itsmeCode, identificationType: 'itsme' };

let calls: ReturnType<typeof assignmentCaller>;

function put(org: Org, path: string, body: unknown) {
  return calls.put(actingAs(org), path, body);
}

function dryRun(
  org: Org,
  action: AssignmentAction,
  addresses: string[],
  assignee: AssigneeInput = {},
) {
  return calls.dryRun(actingAs(org), action, addresses, assignee);
}

/** Both calls through the shared kit; the dry run must answer 200. */
async function act(
  org: Org,
  action: AssignmentAction,
  addresses: string[],
  assignee: AssigneeInput = {},
  options: AssignmentActOptions = {},
) {
  const done = await calls.act(actingAs(org), action, addresses, assignee, options);
  expect(done.dryRun.status, JSON.stringify(done.dryRun.body)).toBe(200);
  return done;
}

async function expectRefused(
  org: Org,
  action: 'assign' | 'unassign',
  address: string,
  reason: CustodyRefusal,
  assignee: object = action === 'assign' ? driverByAlfa : {},
) {
  const answer = await dryRun(org, action, [address], assignee);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.eligible_releases).toEqual([]);
  const text =
    (assignmentRefusalMessages as Record<string, string>)[reason] ??
    (refusalMessages as Record<string, string>)[reason];
  expect(answer.body.refused).toEqual([expect.objectContaining({ address, reason, error: text })]);
  expect(answer.body.errors).toEqual(answer.body.refused);
}

const partyStatus = async (address: string, org: Org) =>
  (
    await server
      .knex('release_parties as p')
      .join('releases as r', 'r.id', 'p.release_id')
      .where({ 'r.address': address, 'p.organization_id': org.id, 'p.active': true })
      .first('p.transfer_status')
  )?.transfer_status;

describe('releases spec §7 `releases/assignment/assign`: the signed two calls (DESIGN §3)', () => {
  it('assigns a release to a driver by alfaPass: row, assigned status, ledger event, overview columns', async () => {
    const address = await heldRelease();
    const { dryRun: first, applied } = await act(haulier, 'assign', [address], {
      ...driverByAlfa,
      visitNumber: 'V-77',
    });
    expect(first.body.assignee).toEqual({ ...driverByAlfa, name: 'Ann Alfa' });
    expect(first.body.visitNumber).toBe('V-77');
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.applied).toEqual([expect.objectContaining({ address })]);

    const row = await server
      .knex('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .where('r.address', address)
      .first('a.*');
    expect(row).toMatchObject({
      organization_id: haulier.id,
      assignee_type: 'driver',
      identification: alfaPass,
      identification_type: 'alfapass',
      assignee_name: 'Ann Alfa',
      visit_number: 'V-77',
    });
    expect(await partyStatus(address, haulier)).toBe('assigned');

    const event = await server
      .knex('release_events as e')
      .join('ledger_statements as s', 's.id', 'e.statement_id')
      .where({ 'e.release_address': address, 'e.operation': 'assign' })
      .first('s.statement', 's.id');
    expect(String(event.id)).toBe(String(row.statement_id));
    const statement = parseStatement(event.statement);
    expect(statement.assignee).toEqual({
      identification: alfaPass,
      identificationType: 'alfapass',
      type: 'driver',
    });
    expect(statement.visitNumber).toBe('V-77');

    const overview = await api(`releases/${address}`, { token: haulier.tokens[1] });
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    expect(overview.body).toMatchObject({
      transferStatus: 'assigned',
      assignedDriverName: 'Ann Alfa',
      assignedBargeName: null,
      assignedTrainName: null,
      assignedVisitNumber: 'V-77',
    });
  });

  it('info lists the assignees and visit numbers of the selection; check says what can be assigned', async () => {
    const first = await heldRelease();
    const second = await heldRelease();
    await act(haulier, 'assign', [first], { ...driverByAlfa, visitNumber: 'V-1' });
    const barge = { type: 'barge', identification: eniNumber, identificationType: 'eni' };
    expect(
      (await act(haulier, 'assign', [second], { ...barge, visitNumber: 'V-2' })).applied.status,
    ).toBe(200);
    const info = await put(haulier, paths.info, { releaseAddresses: [first, second] });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body).toEqual({
      hasAssignedReleases: true,
      assignedDrivers: ['Ann Alfa'],
      assignedBarges: ['Barge One'],
      assignedTrains: [],
      visitNumbers: ['V-1', 'V-2'],
    });
    const fresh = await heldRelease(terminals.itsme);
    const check = await put(haulier, paths.check, { releaseAddresses: [first, fresh] });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.portCommunityLinked).toBe(true);
    const byAddress = Object.fromEntries(
      check.body.releases.map((r: { address: string }) => [r.address, r]),
    );
    expect(byAddress[first]).toMatchObject({
      reason: null,
      assigneeName: 'Ann Alfa',
      terminal: {
        code: terminals.alfa,
        identificationMethod: 'alfapass',
        portLocode: 'BEANR',
        connected: true,
      },
    });
    expect(byAddress[fresh]).toMatchObject({
      reason: null,
      assigneeName: null,
      terminal: { identificationMethod: 'itsme', connected: true },
    });
  });

  it('a train by its train code; a barge re-assigned to a driver replaces the assignment', async () => {
    const address = await heldRelease();
    const train = { type: 'train', identification: trainCode, identificationType: 'train' };
    expect((await act(haulier, 'assign', [address], train)).applied.status).toBe(200);
    expect((await act(haulier, 'assign', [address], driverByAlfa)).applied.status).toBe(200);
    const rows = await server
      .knex('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .where('r.address', address)
      .select('a.assignee_type');
    expect(rows).toEqual([{ assignee_type: 'driver' }]);
  });

  it('unassign reverses it (§4 "Effects"): the row goes, the party is owned again, no assignee in the statement', async () => {
    const address = await heldRelease();
    await act(haulier, 'assign', [address], driverByAlfa);
    const { applied } = await act(haulier, 'unassign', [address]);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await partyStatus(address, haulier)).toBe('owned');
    const left = await server
      .knex('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .where('r.address', address);
    expect(left).toEqual([]);
    const event = await server
      .knex('release_events as e')
      .join('ledger_statements as s', 's.id', 'e.statement_id')
      .where({ 'e.release_address': address, 'e.operation': 'unassign' })
      .first('s.statement');
    expect(parseStatement(event.statement).assignee).toBeUndefined();
    const overview = await api(`releases/${address}`, { token: haulier.tokens[1] });
    expect(overview.body).toMatchObject({ transferStatus: 'owned', assignedDriverName: null });
  });

  it('PUT only: an id on the path or a POST is not allowed', async () => {
    const address = await heldRelease();
    const withId = await api(`${paths.assign}/1`, {
      method: 'PUT',
      token: haulier.tokens[1],
      body: { dryRun: true, releaseAddresses: [address], ...driverByAlfa },
    });
    expect(withId.status).toBe(405);
    const post = await api(paths.assign, {
      method: 'POST',
      token: haulier.tokens[1],
      body: { dryRun: true, releaseAddresses: [address], ...driverByAlfa },
    });
    expect(post.status).toBe(405);
  });
});

describe('DESIGN §3 "custody ledger": assign and unassign events verify', () => {
  it('carrier → forwarder → haulier by signed transfers, then assign and unassign: the ledger verifies', async () => {
    await connect(server.knex, carrier, forwarder);
    await connect(server.knex, forwarder, haulier);
    const release = await createRelease(server, carrier, {
      pickupLocation: terminals.alfa,
      pincode: '731904',
    });
    const { address } = release;
    const calls = custodyCaller(server);
    for (const [from, to] of [
      [carrier, forwarder],
      [forwarder, haulier],
    ] as const) {
      const moved = await calls.act(actingAs(from), 'transfer', [address], to.address);
      expect(moved.applied.status, JSON.stringify(moved.applied.body)).toBe(201);
    }
    expect((await act(haulier, 'assign', [address], driverByAlfa)).applied.status).toBe(200);
    expect((await act(haulier, 'unassign', [address])).applied.status).toBe(200);
    const result = await verifyLedger(server.knex, {
      serverAddress: server.portal.app.get('serverKey').address,
      releaseAddresses: [address],
    });
    expect(result.broken).toBeNull();
    expect(result.events).toBe(5);
  });
});

describe('releases spec §4 "Action rules": Assign and Unassign, refused by the server for', () => {
  it('a deleted release', async () => {
    const address = await heldRelease();
    await server.knex('releases').where({ address }).update({ release_status: 'deleted' });
    await expectRefused(haulier, 'assign', address, 'deleted');
    await expectRefused(haulier, 'unassign', address, 'deleted');
  });

  it('a release after gate-out', async () => {
    const address = await heldRelease();
    await server.knex('releases').where({ address }).update({ release_status: 'gateout' });
    await expectRefused(haulier, 'assign', address, 'gateOut');
    await expectRefused(haulier, 'unassign', address, 'gateOut');
  });

  it('a release not owned (passed on to the next party)', async () => {
    const address = await heldRelease();
    await expectRefused(forwarder, 'assign', address, 'notOwned');
    await expectRefused(forwarder, 'unassign', address, 'notOwned');
  });

  it('a release sent to the PCS', async () => {
    const address = await heldRelease();
    await server.knex('releases').where({ address }).update({ sent_to_pcs: true });
    await expectRefused(haulier, 'assign', address, 'sentToPcs');
  });

  it('a terminal without Secure Pick-up enabled', async () => {
    const address = await heldRelease(terminals.plain);
    await expectRefused(haulier, 'assign', address, 'notSecurePickup');
    await expectRefused(haulier, 'unassign', address, 'notSecurePickup');
  });

  it('a carrier without Secure Pick-up enabled (§6: per terminal and per carrier)', async () => {
    const address = await heldRelease();
    await server
      .knex('organizations')
      .where({ id: carrier.id })
      .update({ secure_pickup_enabled: false });
    try {
      await expectRefused(haulier, 'assign', address, 'notSecurePickup');
    } finally {
      await server
        .knex('organizations')
        .where({ id: carrier.id })
        .update({ secure_pickup_enabled: true });
    }
  });

  it('unassign: a release with no assignee', async () => {
    const address = await heldRelease();
    await expectRefused(haulier, 'unassign', address, 'noAssignee');
  });

  it('"Effects": a revoke by an earlier party ends the later party’s assignment', async () => {
    const address = await heldRelease();
    await act(haulier, 'assign', [address], driverByAlfa);
    const revoked = await custodyCaller(server).act(actingAs(forwarder), 'revoke', [address]);
    expect(revoked.applied.status, JSON.stringify(revoked.applied.body)).toBe(201);
    const left = await server
      .knex('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .where('r.address', address);
    expect(left).toEqual([]);
    expect(await partyStatus(address, forwarder)).toBe('owned');
  });

  it('"Effects": an assigned release is not transferred', async () => {
    const address = await heldRelease();
    await act(haulier, 'assign', [address], driverByAlfa);
    await connect(server.knex, haulier, stranger);
    const again = await custodyCaller(server).dryRun(
      actingAs(haulier),
      'transfer',
      [address],
      stranger.address,
    );
    expect(again.body.refused).toEqual([expect.objectContaining({ address, reason: 'assigned' })]);
  });

  it('a signed call for a release that became ineligible after the dry run is a conflict and changes nothing', async () => {
    const address = await heldRelease();
    const first = await dryRun(haulier, 'assign', [address], driverByAlfa);
    const signed = await signCustody(actingAs(haulier), 'assign', first.body);
    await server.knex('releases').where({ address }).update({ release_status: 'gateout' });
    const before = await releaseSnapshot(server.knex, address);
    const { release_addresses: releaseAddresses, ...rest } = signed;
    const answer = await put(haulier, paths.assign, { ...rest, releaseAddresses });
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.data).toMatchObject({
      code: 'release_conflict',
      fields: { [address]: 'releases.refusal.gateOut' },
    });
    expect(await releaseSnapshot(server.knex, address)).toEqual(before);
  });
});

describe('releases spec §5 "Assign identification" (access spec §5), per release', () => {
  it('alfapass terminal: the driver’s alfaPass, not another identification', async () => {
    const address = await heldRelease(terminals.alfa);
    await expectRefused(haulier, 'assign', address, 'missingAlfaPass', driverByItsme);
  });

  it('alfapass terminal: the organisation needs a connection to the terminal system', async () => {
    const address = await heldRelease(terminals.alfa, stranger);
    await expectRefused(stranger, 'assign', address, 'noTerminalConnection');
  });

  it('itsme terminal: an itsme code is needed; with it the driver is assigned', async () => {
    const address = await heldRelease(terminals.itsme);
    await expectRefused(haulier, 'assign', address, 'missingItsme', driverByAlfa);
    const { applied } = await act(haulier, 'assign', [address], driverByItsme);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  });

  it('Antwerp: a linked port-community account for the organisation', async () => {
    const address = await heldRelease(terminals.alfa);
    await server
      .knex('organizations')
      .where({ id: haulier.id })
      .update({ is_connected_to_cpoint: false });
    try {
      await expectRefused(haulier, 'assign', address, 'missingPortAccount');
    } finally {
      await server
        .knex('organizations')
        .where({ id: haulier.id })
        .update({ is_connected_to_cpoint: true });
    }
  });

  it('otherwise "No identification method was configured for the selected terminal(s)."', async () => {
    const address = await heldRelease(terminals.none);
    await expectRefused(haulier, 'assign', address, 'noIdentificationMethod');
    // A barge is known by its ENI number wherever it goes.
    const barge = { type: 'barge', identification: eniNumber, identificationType: 'eni' };
    expect((await act(haulier, 'assign', [address], barge)).applied.status).toBe(200);
  });
});

describe('releases spec §7: the assignee of an assign (DESIGN §3 binds the identification)', () => {
  it('an identification of no active transporter of the organisation answers 400 assignee_not_found', async () => {
    const address = await heldRelease();
    for (const assignee of [
      { ...driverByAlfa, identification: '999999' },
      { ...driverByAlfa, identification: '654321' }, // deactivated
    ]) {
      const answer = await dryRun(haulier, 'assign', [address], assignee);
      expect(answer.status).toBe(400);
      expect(answer.body.data.code).toBe('assignee_not_found');
    }
  });

  it('a missing or mismatched identification type answers 400 validation_failed', async () => {
    const address = await heldRelease();
    const missing = await dryRun(haulier, 'assign', [address], { type: 'driver' });
    expect(missing.status).toBe(400);
    expect(missing.body.data.code).toBe('validation_failed');
    const mismatched = await dryRun(haulier, 'assign', [address], {
      type: 'barge',
      identification: eniNumber,
      identificationType: 'alfapass',
    });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.data.code).toBe('validation_failed');
    const noRelease = await put(haulier, paths.assign, {
      dryRun: true,
      releaseAddresses: [],
      ...driverByAlfa,
    });
    expect(noRelease.body.data.code).toBe('no_release_selected');
  });

  it('§6: carriers and terminals may not assign; each tab needs its feature', async () => {
    const address = await heldRelease();
    for (const org of [carrier, terminalOrg]) {
      const answer = await dryRun(org, 'assign', [address], driverByAlfa);
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('forbidden');
    }
    await server
      .knex('organization_features')
      .insert({ organization_id: haulier.id, feature: 'canAssignTrain', enabled: false });
    try {
      const token = await tokenFor(server, haulier.users[1]!.id);
      const answer = await api(paths.assign, {
        method: 'PUT',
        token,
        body: {
          dryRun: true,
          releaseAddresses: [address],
          type: 'train',
          identification: trainCode,
          identificationType: 'train',
        },
      });
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('subscription_required');
    } finally {
      await server
        .knex('organization_features')
        .where({ organization_id: haulier.id, feature: 'canAssignTrain' })
        .delete();
    }
  });
});

describe('DESIGN §3: the statement must be exactly the call', () => {
  it('a statement naming another assignee is refused and changes nothing', async () => {
    const address = await heldRelease();
    const before = await releaseSnapshot(server.knex, address);
    const { applied } = await act(haulier, 'assign', [address], driverByAlfa, {
      tweak: (statement) => ({
        ...statement,
        assignee: { ...statement.assignee!, identification: '111111' },
      }),
    });
    expect(applied.status).toBe(400);
    expect(applied.body.data.code).toBe('statement_invalid');
    expect(applied.body.message).toContain('assignee');
    expect(await releaseSnapshot(server.knex, address)).toEqual(before);
  });

  it('a body naming another assignee than the signed one is refused', async () => {
    const address = await heldRelease();
    const { applied } = await act(haulier, 'assign', [address], driverByAlfa, {
      body: (body) => ({ ...body, ...driverByItsme }),
    });
    expect(applied.status).toBe(400);
    expect(applied.body.data.code).toBe('statement_invalid');
  });

  it('a statement with another visit number, or without its assignee, is refused', async () => {
    const address = await heldRelease();
    const other = await act(
      haulier,
      'assign',
      [address],
      { ...driverByAlfa, visitNumber: 'V-1' },
      {
        tweak: (statement) => ({ ...statement, visitNumber: 'V-2' }),
      },
    );
    expect(other.applied.status).toBe(400);
    const none = await act(haulier, 'assign', [address], driverByAlfa, {
      tweak: ({ assignee: _assignee, ...statement }) => statement,
    });
    expect(none.applied.status).toBe(400);
    expect(none.applied.body.data.code).toBe('statement_invalid');
  });

  it('a wrong version is refused', async () => {
    const address = await heldRelease();
    const { applied } = await act(haulier, 'assign', [address], driverByAlfa, {
      tweak: (statement) => ({
        ...statement,
        releases: statement.releases.map((r) => ({ ...r, version: r.version + 1 })),
      }),
      body: (body) => ({
        ...body,
        releaseAddresses: (
          body as { releaseAddresses: { address: string; version: number }[] }
        ).releaseAddresses.map((r) => ({ ...r, version: r.version + 1 })),
      }),
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(409);
    expect(applied.body.data).toMatchObject({
      code: 'release_conflict',
      fields: { [address]: 'releases.refusal.versionChanged' },
    });
  });

  it('a statement signed by another organisation, or used twice, is refused', async () => {
    const address = await heldRelease();
    const forged = await act(haulier, 'assign', [address], driverByAlfa, {
      signer: stranger.privateKey,
    });
    expect(forged.applied.status).toBe(400);
    const { body, applied } = await act(haulier, 'assign', [address], driverByAlfa);
    expect(applied.status).toBe(200);
    const replay = await put(haulier, paths.assign, body);
    expect(replay.status).toBe(409);
  });
});

describe('DESIGN §3 "Tenancy": another organisation’s release is not found', () => {
  it('assign, unassign, info and check answer not found, never forbidden', async () => {
    const address = await heldRelease();
    await act(haulier, 'assign', [address], driverByAlfa);
    await expectRefused(stranger, 'assign', address, 'notFound');
    await expectRefused(stranger, 'unassign', address, 'notFound', {});
    const info = await put(stranger, paths.info, { releaseAddresses: [address] });
    expect(info.body).toMatchObject({ hasAssignedReleases: false, assignedDrivers: [] });
    const check = await put(stranger, paths.check, { releaseAddresses: [address] });
    expect(check.body.releases).toEqual([
      expect.objectContaining({ address, reason: 'notFound', terminal: null, assigneeName: null }),
    ]);
  });
});

describe('access spec §4: a signed unassign applied in a given transaction (transporter deactivated)', () => {
  it('applySignedUnassign takes addresses alone, with the versions the statement signed', async () => {
    const address = await heldRelease();
    await act(haulier, 'assign', [address], driverByAlfa);
    const first = await dryRun(haulier, 'unassign', [address]);
    const signed = await signCustody(actingAs(haulier), 'unassign', first.body);
    const outcome = await inTransaction(server.knex, (trx) =>
      applySignedUnassign(
        trx,
        {
          organizationId: haulier.id,
          organizationAddress: haulier.address,
          organizationRole: 'other',
          userId: haulier.users[1]!.id,
          apiKeyId: null,
          label: `user:${haulier.users[1]!.id}`,
          seesTransferInfo: true,
          features: { canFetchPincode: true, canTransferRevoke: true },
        },
        { release_addresses: [address], statement: signed.statement, signature: signed.signature },
      ),
    );
    expect(outcome.applied.map((r) => r.address)).toEqual([address]);
    expect(await partyStatus(address, haulier)).toBe('owned');
  });
});
