import { describe, expect, it } from 'vitest';
import { signCustody } from '../../releases/custody/sign-custody.ts';
import { actingAs, connect, custodyCaller, releaseSnapshot } from '../../test/custody.ts';
import { assignmentKit, paths } from './assignment-test-kit.ts';

/*
 * The per-release reasons (releases spec §8) an assign or unassign is refused for: §4 "Action
 * rules" (the Assign and Unassign rows and their "Effects"), §5 "Assign identification" (access
 * spec §5), §6 (Secure Pick-up per terminal and per carrier), and DESIGN §3 "Tenancy". Through
 * the real API; the cast and helpers are assignment-test-kit.ts's.
 */

const { cast, heldRelease, put, dryRun, act, expectRefused, partyStatus } = assignmentKit();

describe('releases spec §4 "Action rules": Assign and Unassign, refused by the server for', () => {
  it('a deleted release', async () => {
    const address = await heldRelease();
    await cast.server.knex('releases').where({ address }).update({ release_status: 'deleted' });
    await expectRefused(cast.haulier, 'assign', address, 'deleted');
    await expectRefused(cast.haulier, 'unassign', address, 'deleted');
  });

  it('a release after gate-out', async () => {
    const address = await heldRelease();
    await cast.server.knex('releases').where({ address }).update({ release_status: 'gateout' });
    await expectRefused(cast.haulier, 'assign', address, 'gateOut');
    await expectRefused(cast.haulier, 'unassign', address, 'gateOut');
  });

  it('a release not owned (passed on to the next party)', async () => {
    const address = await heldRelease();
    await expectRefused(cast.forwarder, 'assign', address, 'notOwned');
    await expectRefused(cast.forwarder, 'unassign', address, 'notOwned');
  });

  it('a release sent to the PCS', async () => {
    const address = await heldRelease();
    await cast.server.knex('releases').where({ address }).update({ sent_to_pcs: true });
    await expectRefused(cast.haulier, 'assign', address, 'sentToPcs');
  });

  it('a terminal without Secure Pick-up enabled', async () => {
    const address = await heldRelease(cast.terminals.plain);
    await expectRefused(cast.haulier, 'assign', address, 'notSecurePickup');
    await expectRefused(cast.haulier, 'unassign', address, 'notSecurePickup');
  });

  it('a carrier without Secure Pick-up enabled (§6: per terminal and per carrier)', async () => {
    const address = await heldRelease();
    await cast.server
      .knex('organizations')
      .where({ id: cast.carrier.id })
      .update({ secure_pickup_enabled: false });
    try {
      await expectRefused(cast.haulier, 'assign', address, 'notSecurePickup');
    } finally {
      await cast.server
        .knex('organizations')
        .where({ id: cast.carrier.id })
        .update({ secure_pickup_enabled: true });
    }
  });

  it('unassign: a release with no assignee', async () => {
    const address = await heldRelease();
    await expectRefused(cast.haulier, 'unassign', address, 'noAssignee');
  });

  it('"Effects": a revoke by an earlier party ends the later party’s assignment', async () => {
    const address = await heldRelease();
    await act(cast.haulier, 'assign', [address], cast.driverByAlfa);
    const revoked = await custodyCaller(cast.server).act(actingAs(cast.forwarder), 'revoke', [
      address,
    ]);
    expect(revoked.applied.status, JSON.stringify(revoked.applied.body)).toBe(201);
    const left = await cast.server
      .knex('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .where('r.address', address);
    expect(left).toEqual([]);
    expect(await partyStatus(address, cast.forwarder)).toBe('owned');
  });

  it('"Effects": an assigned release is not transferred', async () => {
    const address = await heldRelease();
    await act(cast.haulier, 'assign', [address], cast.driverByAlfa);
    await connect(cast.server.knex, cast.haulier, cast.stranger);
    const again = await custodyCaller(cast.server).dryRun(
      actingAs(cast.haulier),
      'transfer',
      [address],
      cast.stranger.address,
    );
    expect(again.body.refused).toEqual([expect.objectContaining({ address, reason: 'assigned' })]);
  });

  it('a signed call for a release that became ineligible after the dry run is a conflict and changes nothing', async () => {
    const address = await heldRelease();
    const first = await dryRun(cast.haulier, 'assign', [address], cast.driverByAlfa);
    const signed = await signCustody(actingAs(cast.haulier), 'assign', first.body);
    await cast.server.knex('releases').where({ address }).update({ release_status: 'gateout' });
    const before = await releaseSnapshot(cast.server.knex, address);
    const { release_addresses: releaseAddresses, ...rest } = signed;
    const answer = await put(cast.haulier, paths.assign, { ...rest, releaseAddresses });
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.data).toMatchObject({
      code: 'release_conflict',
      fields: { [address]: 'releases.refusal.gateOut' },
    });
    expect(await releaseSnapshot(cast.server.knex, address)).toEqual(before);
  });
});

describe('releases spec §5 "Assign identification" (access spec §5), per release', () => {
  it('alfapass terminal: the driver’s alfaPass, not another identification', async () => {
    const address = await heldRelease(cast.terminals.alfa);
    await expectRefused(cast.haulier, 'assign', address, 'missingAlfaPass', cast.driverByItsme);
  });

  it('alfapass terminal: the organisation needs a connection to the terminal system', async () => {
    const address = await heldRelease(cast.terminals.alfa, cast.stranger);
    await expectRefused(cast.stranger, 'assign', address, 'noTerminalConnection');
  });

  it('itsme terminal: an itsme code is needed; with it the driver is assigned', async () => {
    const address = await heldRelease(cast.terminals.itsme);
    await expectRefused(cast.haulier, 'assign', address, 'missingItsme', cast.driverByAlfa);
    const { applied } = await act(cast.haulier, 'assign', [address], cast.driverByItsme);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  });

  it('Antwerp: a linked port-community account for the organisation', async () => {
    const address = await heldRelease(cast.terminals.alfa);
    await cast.server
      .knex('organizations')
      .where({ id: cast.haulier.id })
      .update({ is_connected_to_cpoint: false });
    try {
      await expectRefused(cast.haulier, 'assign', address, 'missingPortAccount');
    } finally {
      await cast.server
        .knex('organizations')
        .where({ id: cast.haulier.id })
        .update({ is_connected_to_cpoint: true });
    }
  });

  it('otherwise "No identification method was configured for the selected terminal(s)."', async () => {
    const address = await heldRelease(cast.terminals.none);
    await expectRefused(cast.haulier, 'assign', address, 'noIdentificationMethod');
    // A barge is known by its ENI number wherever it goes.
    const barge = { type: 'barge', identification: cast.eniNumber, identificationType: 'eni' };
    expect((await act(cast.haulier, 'assign', [address], barge)).applied.status).toBe(200);
  });
});

describe('DESIGN §3 "Tenancy": another organisation’s release is not found', () => {
  it('assign, unassign, info and check answer not found, never forbidden', async () => {
    const address = await heldRelease();
    await act(cast.haulier, 'assign', [address], cast.driverByAlfa);
    await expectRefused(cast.stranger, 'assign', address, 'notFound');
    await expectRefused(cast.stranger, 'unassign', address, 'notFound', {});
    const info = await put(cast.stranger, paths.info, { releaseAddresses: [address] });
    expect(info.body).toMatchObject({ hasAssignedReleases: false, assignedDrivers: [] });
    const check = await put(cast.stranger, paths.check, { releaseAddresses: [address] });
    expect(check.body.releases).toEqual([
      expect.objectContaining({ address, reason: 'notFound', terminal: null, assigneeName: null }),
    ]);
  });
});
