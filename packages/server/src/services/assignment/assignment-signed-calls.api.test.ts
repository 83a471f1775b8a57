import { identificationCommitment, parseStatement } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.ts';
import { applySignedUnassign } from '../../releases/assignment/index.ts';
import { signCustody } from '../../releases/custody/sign-custody.ts';
import { actingAs } from '../../test/custody.ts';
import { assignmentKit, paths } from './assignment-test-kit.ts';

/*
 * Releases spec §7 `releases/assignment/*` and §4 "Effects" (assign sets assigned, unassign
 * reverses it); DESIGN §3 "Secure pick-up: assignment and the gate" (the two calls and the
 * statement); access spec §4 (a signed unassign applied in a given transaction). Through the
 * real API; the cast and helpers are assignment-test-kit.ts's.
 */

const { cast, api, heldRelease, put, dryRun, act, partyStatus } = assignmentKit();

describe('releases spec §7 `releases/assignment/assign`: the signed two calls (DESIGN §3)', () => {
  it('assigns a release to a driver by alfaPass: row, assigned status, ledger event, overview columns', async () => {
    const address = await heldRelease();
    const { dryRun: first, applied } = await act(cast.haulier, 'assign', [address], {
      ...cast.driverByAlfa,
      visitNumber: 'V-77',
    });
    expect(first.body.assignee).toEqual({
      ...cast.driverByAlfa,
      name: 'Ann Alfa',
      // The salt of the identification's commitment the statement binds (docs/ledger.md).
      salt: expect.stringMatching(/^0x[0-9a-f]{32}$/),
    });
    expect(first.body.visitNumber).toBe('V-77');
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.applied).toEqual([expect.objectContaining({ address })]);

    const row = await cast.server
      .knex('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .where('r.address', address)
      .first('a.*');
    expect(row).toMatchObject({
      organization_id: cast.haulier.id,
      assignee_type: 'driver',
      identification: cast.alfaPass,
      identification_type: 'alfapass',
      assignee_name: 'Ann Alfa',
      visit_number: 'V-77',
    });
    expect(await partyStatus(address, cast.haulier)).toBe('assigned');

    const event = await cast.server
      .knex('release_events as e')
      .join('ledger_statements as s', 's.id', 'e.statement_id')
      .where({ 'e.release_address': address, 'e.operation': 'assign' })
      .first('s.statement', 's.id');
    expect(String(event.id)).toBe(String(row.statement_id));
    const statement = parseStatement(event.statement);
    // The statement binds the identification by its commitment, with the row's salt.
    expect(statement.assignee).toEqual({
      identificationCommitment: identificationCommitment(
        row.identification_salt,
        'alfapass',
        cast.alfaPass,
      ),
      identificationType: 'alfapass',
      type: 'driver',
    });
    expect(event.statement).not.toContain(cast.alfaPass);
    expect(statement.visitNumber).toBe('V-77');

    const overview = await api(`releases/${address}`, { token: cast.haulier.tokens[1] });
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
    await act(cast.haulier, 'assign', [first], { ...cast.driverByAlfa, visitNumber: 'V-1' });
    const barge = { type: 'barge', identification: cast.eniNumber, identificationType: 'eni' };
    expect(
      (await act(cast.haulier, 'assign', [second], { ...barge, visitNumber: 'V-2' })).applied
        .status,
    ).toBe(200);
    const info = await put(cast.haulier, paths.info, { releaseAddresses: [first, second] });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body).toEqual({
      hasAssignedReleases: true,
      assignedDrivers: ['Ann Alfa'],
      assignedBarges: ['Barge One'],
      assignedTrains: [],
      visitNumbers: ['V-1', 'V-2'],
    });
    const fresh = await heldRelease(cast.terminals.itsme);
    const check = await put(cast.haulier, paths.check, { releaseAddresses: [first, fresh] });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.portCommunityLinked).toBe(true);
    const byAddress = Object.fromEntries(
      check.body.releases.map((r: { address: string }) => [r.address, r]),
    );
    expect(byAddress[first]).toMatchObject({
      reason: null,
      assigneeName: 'Ann Alfa',
      terminal: {
        code: cast.terminals.alfa,
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
    const train = { type: 'train', identification: cast.trainCode, identificationType: 'train' };
    expect((await act(cast.haulier, 'assign', [address], train)).applied.status).toBe(200);
    expect((await act(cast.haulier, 'assign', [address], cast.driverByAlfa)).applied.status).toBe(
      200,
    );
    const rows = await cast.server
      .knex('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .where('r.address', address)
      .select('a.assignee_type');
    expect(rows).toEqual([{ assignee_type: 'driver' }]);
  });

  it('unassign reverses it (§4 "Effects"): the row goes, the party is owned again, no assignee in the statement', async () => {
    const address = await heldRelease();
    await act(cast.haulier, 'assign', [address], cast.driverByAlfa);
    const { applied } = await act(cast.haulier, 'unassign', [address]);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await partyStatus(address, cast.haulier)).toBe('owned');
    const left = await cast.server
      .knex('release_assignments as a')
      .join('releases as r', 'r.id', 'a.release_id')
      .where('r.address', address);
    expect(left).toEqual([]);
    const event = await cast.server
      .knex('release_events as e')
      .join('ledger_statements as s', 's.id', 'e.statement_id')
      .where({ 'e.release_address': address, 'e.operation': 'unassign' })
      .first('s.statement');
    expect(parseStatement(event.statement).assignee).toBeUndefined();
    const overview = await api(`releases/${address}`, { token: cast.haulier.tokens[1] });
    expect(overview.body).toMatchObject({ transferStatus: 'owned', assignedDriverName: null });
  });

  it('PUT only: an id on the path or a POST is not allowed', async () => {
    const address = await heldRelease();
    const withId = await api(`${paths.assign}/1`, {
      method: 'PUT',
      token: cast.haulier.tokens[1],
      body: { dryRun: true, releaseAddresses: [address], ...cast.driverByAlfa },
    });
    expect(withId.status).toBe(405);
    const post = await api(paths.assign, {
      method: 'POST',
      token: cast.haulier.tokens[1],
      body: { dryRun: true, releaseAddresses: [address], ...cast.driverByAlfa },
    });
    expect(post.status).toBe(405);
  });
});

describe('access spec §4: a signed unassign applied in a given transaction (transporter deactivated)', () => {
  it('applySignedUnassign takes addresses alone, with the versions the statement signed', async () => {
    const address = await heldRelease();
    await act(cast.haulier, 'assign', [address], cast.driverByAlfa);
    const first = await dryRun(cast.haulier, 'unassign', [address]);
    const signed = await signCustody(actingAs(cast.haulier), 'unassign', first.body);
    const outcome = await inTransaction(cast.server.knex, (trx) =>
      applySignedUnassign(
        trx,
        {
          organizationId: cast.haulier.id,
          organizationAddress: cast.haulier.address,
          organizationRole: 'other',
          userId: cast.haulier.users[1]!.id,
          apiKeyId: null,
          label: `user:${cast.haulier.users[1]!.id}`,
          seesTransferInfo: true,
          features: { canFetchPincode: true, canTransferRevoke: true },
        },
        { release_addresses: [address], statement: signed.statement, signature: signed.signature },
      ),
    );
    expect(outcome.applied.map((r) => r.address)).toEqual([address]);
    expect(await partyStatus(address, cast.haulier)).toBe('owned');
  });
});
