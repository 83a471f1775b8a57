import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCustody } from '../../releases/custody/sign-custody.ts';
import { actingAs, connect, custodyCaller, releaseSnapshot } from '../../test/custody.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { assignmentCast, paths, type AssignmentCast, type Org } from './assignment-test-kit.ts';

/*
 * The per-release reasons (releases spec §8) an assign or unassign is refused for: §4 "Action
 * rules" (the Assign and Unassign rows and their "Effects"), §5 "Assign identification" (access
 * spec §5), §6 (Secure Pick-up per terminal and per carrier), and DESIGN §3 "Tenancy". Through
 * the real API; the cast and helpers are assignment-test-kit.ts's.
 */

let server: TestServer;
let carrier: Org;
let forwarder: Org;
let haulier: Org;
let stranger: Org;
let terminals: AssignmentCast['terminals'];
let eniNumber: string;
let heldRelease: AssignmentCast['heldRelease'];
let driverByAlfa: AssignmentCast['driverByAlfa'];
let driverByItsme: AssignmentCast['driverByItsme'];
let put: AssignmentCast['put'];
let dryRun: AssignmentCast['dryRun'];
let act: AssignmentCast['act'];
let expectRefused: AssignmentCast['expectRefused'];
let partyStatus: AssignmentCast['partyStatus'];

beforeAll(async () => {
  server = await startTestApp();
  ({
    carrier,
    forwarder,
    haulier,
    stranger,
    terminals,
    eniNumber,
    heldRelease,
    driverByAlfa,
    driverByItsme,
    put,
    dryRun,
    act,
    expectRefused,
    partyStatus,
  } = await assignmentCast(server));
});
afterAll(() => server?.stop());

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
