import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import { actingAs, connect, custodyCaller, releaseSnapshot } from '../../test/custody.ts';
import { createRelease } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { assignmentCast, paths, type AssignmentCast, type Org } from './assignment-test-kit.ts';

/*
 * DESIGN §3 "Secure pick-up: assignment and the gate": the signed statement of an assign or
 * unassign is exactly the call, and its events verify in the custody ledger. Through the real
 * API; the cast and helpers are assignment-test-kit.ts's.
 */

let server: TestServer;
let carrier: Org;
let forwarder: Org;
let haulier: Org;
let stranger: Org;
let terminals: AssignmentCast['terminals'];
let heldRelease: AssignmentCast['heldRelease'];
let driverByAlfa: AssignmentCast['driverByAlfa'];
let driverByItsme: AssignmentCast['driverByItsme'];
let put: AssignmentCast['put'];
let act: AssignmentCast['act'];

beforeAll(async () => {
  server = await startTestApp();
  ({
    carrier,
    forwarder,
    haulier,
    stranger,
    terminals,
    heldRelease,
    driverByAlfa,
    driverByItsme,
    put,
    act,
  } = await assignmentCast(server));
});
afterAll(() => server?.stop());

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
