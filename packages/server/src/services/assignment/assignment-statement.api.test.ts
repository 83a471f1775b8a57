import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import { actingAs, connect, custodyCaller, releaseSnapshot } from '../../test/custody.ts';
import { createRelease } from '../../test/factories-releases.ts';
import { assignmentKit, paths } from './assignment-test-kit.ts';

/*
 * DESIGN §3 "Secure pick-up: assignment and the gate": the signed statement of an assign or
 * unassign is exactly the call, and its events verify in the custody ledger. Through the real
 * API; the cast and helpers are assignment-test-kit.ts's.
 */

const { cast, heldRelease, put, act } = assignmentKit();

describe('DESIGN §3 "custody ledger": assign and unassign events verify', () => {
  it('carrier → forwarder → haulier by signed transfers, then assign and unassign: the ledger verifies', async () => {
    await connect(cast.server.knex, cast.carrier, cast.forwarder);
    await connect(cast.server.knex, cast.forwarder, cast.haulier);
    const release = await createRelease(cast.server, cast.carrier, {
      pickupLocation: cast.terminals.alfa,
      pincode: '731904',
    });
    const { address } = release;
    const calls = custodyCaller(cast.server);
    for (const [from, to] of [
      [cast.carrier, cast.forwarder],
      [cast.forwarder, cast.haulier],
    ] as const) {
      const moved = await calls.act(actingAs(from), 'transfer', [address], to.address);
      expect(moved.applied.status, JSON.stringify(moved.applied.body)).toBe(201);
    }
    expect((await act(cast.haulier, 'assign', [address], cast.driverByAlfa)).applied.status).toBe(
      200,
    );
    expect((await act(cast.haulier, 'unassign', [address])).applied.status).toBe(200);
    const result = await verifyLedger(cast.server.knex, {
      serverAddress: cast.server.portal.app.get('serverKey').address,
      releaseAddresses: [address],
    });
    expect(result.broken).toBeNull();
    expect(result.events).toBe(5);
  });
});

describe('DESIGN §3: the statement must be exactly the call', () => {
  it('a statement naming another assignee is refused and changes nothing', async () => {
    const address = await heldRelease();
    const before = await releaseSnapshot(cast.server.knex, address);
    const { applied } = await act(cast.haulier, 'assign', [address], cast.driverByAlfa, {
      tweak: (statement) => ({
        ...statement,
        assignee: { ...statement.assignee!, identification: '111111' },
      }),
    });
    expect(applied.status).toBe(400);
    expect(applied.body.data.code).toBe('statement_invalid');
    expect(applied.body.message).toContain('assignee');
    expect(await releaseSnapshot(cast.server.knex, address)).toEqual(before);
  });

  it('a body naming another assignee than the signed one is refused', async () => {
    const address = await heldRelease();
    const { applied } = await act(cast.haulier, 'assign', [address], cast.driverByAlfa, {
      body: (body) => ({ ...body, ...cast.driverByItsme }),
    });
    expect(applied.status).toBe(400);
    expect(applied.body.data.code).toBe('statement_invalid');
  });

  it('a statement with another visit number, or without its assignee, is refused', async () => {
    const address = await heldRelease();
    const other = await act(
      cast.haulier,
      'assign',
      [address],
      { ...cast.driverByAlfa, visitNumber: 'V-1' },
      {
        tweak: (statement) => ({ ...statement, visitNumber: 'V-2' }),
      },
    );
    expect(other.applied.status).toBe(400);
    const none = await act(cast.haulier, 'assign', [address], cast.driverByAlfa, {
      tweak: ({ assignee: _assignee, ...statement }) => statement,
    });
    expect(none.applied.status).toBe(400);
    expect(none.applied.body.data.code).toBe('statement_invalid');
  });

  it('a wrong version is refused', async () => {
    const address = await heldRelease();
    const { applied } = await act(cast.haulier, 'assign', [address], cast.driverByAlfa, {
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

  it('docs/ledger.md "Identifications stay out of the ledger": the statement binds the identification with its salt; another salt is refused, a malformed one is told, nothing changes', async () => {
    const address = await heldRelease();
    const before = await releaseSnapshot(cast.server.knex, address);
    const otherSalt = await act(cast.haulier, 'assign', [address], cast.driverByAlfa, {
      body: (body) => ({ ...body, identificationSalt: `0x${'0'.repeat(32)}` }),
    });
    expect(otherSalt.applied.status).toBe(400);
    expect(otherSalt.applied.body.data.code).toBe('statement_invalid');
    const missing = await act(cast.haulier, 'assign', [address], cast.driverByAlfa, {
      body: ({ identificationSalt: _salt, ...body }: Record<string, unknown>) => body,
    });
    expect(missing.applied.status).toBe(400);
    expect(missing.applied.body.data.code).toBe('statement_invalid');
    const malformed = await act(cast.haulier, 'assign', [address], cast.driverByAlfa, {
      body: (body) => ({ ...body, identificationSalt: 'not a salt' }),
    });
    expect(malformed.applied.status).toBe(400);
    expect(malformed.applied.body.data).toMatchObject({
      code: 'validation_failed',
      fields: { identificationSalt: 'validation.pattern' },
    });
    expect(await releaseSnapshot(cast.server.knex, address)).toEqual(before);
    // The signed text names no identification, only its commitment.
    const { body } = await act(cast.haulier, 'assign', [address], cast.driverByAlfa);
    const signed = (body as { statement: string }).statement;
    expect(signed).not.toContain(cast.alfaPass);
    expect(JSON.parse(signed).assignee).toEqual({
      identificationCommitment: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      identificationType: 'alfapass',
      type: 'driver',
    });
  });

  it('a statement signed by another organisation, or used twice, is refused', async () => {
    const address = await heldRelease();
    const forged = await act(cast.haulier, 'assign', [address], cast.driverByAlfa, {
      signer: cast.stranger.privateKey,
    });
    expect(forged.applied.status).toBe(400);
    const { body, applied } = await act(cast.haulier, 'assign', [address], cast.driverByAlfa);
    expect(applied.status).toBe(200);
    const replay = await put(cast.haulier, paths.assign, body);
    expect(replay.status).toBe(409);
  });
});
