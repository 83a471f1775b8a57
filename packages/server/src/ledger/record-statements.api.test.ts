import { statementHash } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { createRelease, releaseTerminal } from '../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import {
  appendEvents,
  appendServerEvents,
  ledgerEvents,
  recordStatement,
  recordStatements,
  serverStatement,
  signServerEvents,
} from './ledger.ts';

let server: TestServer;
let carrier: SignedInOrganization;
let terminal: string;

beforeAll(async () => {
  server = await startTestApp();
  carrier = await signedInOrganization(server, { role: 'carrier' });
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

const statementCount = async () =>
  Number((await server.knex('ledger_statements').count({ n: '*' }))[0]!.n);

describe('issue 10 §3: one ledger module, appendEvents takes the statement recordStatement returned', () => {
  it('records a statement once and appends an event that refers to its id, writing no statement itself', async () => {
    const release = await createRelease(server, carrier, { pickupLocation: terminal });
    const row = await server.knex('releases').where({ address: release.address }).first();
    const serverKey = server.portal.app.get('serverKey');
    const signed = serverStatement(serverKey, {
      action: 'edit',
      releases: [{ address: row.address, version: row.version + 1, pincodeHash: null }],
      details: { test: 'issue 10 §3' },
    });
    await inTransaction(server.knex, async (trx) => {
      await trx('releases')
        .where({ id: row.id })
        .update({ version: row.version + 1 });
      const recorded = await recordStatement(trx, { ...signed, action: 'edit' });
      expect(recorded).toEqual({ id: expect.any(String), hash: statementHash(signed.statement) });
      // The same text again is a replay: nothing is recorded.
      expect(await recordStatement(trx, { ...signed, action: 'edit' })).toBeNull();
      const before = Number((await trx('ledger_statements').count({ n: '*' }))[0]!.n);
      await appendEvents(trx, [
        {
          release: { id: row.id, address: row.address, version: row.version + 1 },
          operation: 'edit',
          statement: recorded!,
          sourceOrganizationId: carrier.id,
          actor: 'system',
          description: { test: 'issue 10 §3' },
        },
      ]);
      expect(Number((await trx('ledger_statements').count({ n: '*' }))[0]!.n)).toBe(before);
      const [event] = await ledgerEvents(trx)
        .where('e.release_id', row.id)
        .orderBy('e.sequence', 'desc')
        .limit(1);
      expect(String(event.statement_id)).toBe(recorded!.id);
      expect(event.statement).toBe(signed.statement);
    });
  });

  it('recordStatements answers each statement’s id in order, one row per distinct text', async () => {
    const serverKey = server.portal.app.get('serverKey');
    const at = new Date().toISOString();
    const one = serverStatement(serverKey, {
      action: 'expire',
      releases: [{ address: `0x${'1'.repeat(40)}`, version: 2, pincodeHash: null }],
      details: { n: 1 },
      at,
    });
    const two = serverStatement(serverKey, {
      action: 'expire',
      releases: [{ address: `0x${'2'.repeat(40)}`, version: 2, pincodeHash: null }],
      details: { n: 2 },
      at,
    });
    const before = await statementCount();
    const recorded = await inTransaction(server.knex, (trx) =>
      recordStatements(trx, [
        { ...one, action: 'expire' },
        { ...two, action: 'expire' },
        { ...one, action: 'expire' },
      ]),
    );
    expect(await statementCount()).toBe(before + 2);
    expect(recorded.map((r) => r.hash)).toEqual([
      statementHash(one.statement),
      statementHash(two.statement),
      statementHash(one.statement),
    ]);
    expect(recorded[0]!.id).toBe(recorded[2]!.id);
    expect(recorded[0]!.id).not.toBe(recorded[1]!.id);
  });

  it('appendServerEvents records one server-signed statement per release and its event (the block of create, edit, delete, expiry)', async () => {
    const release = await createRelease(server, carrier, { pickupLocation: terminal });
    const row = await server.knex('releases').where({ address: release.address }).first();
    const serverKey = server.portal.app.get('serverKey');
    const before = await statementCount();
    await inTransaction(server.knex, async (trx) => {
      await trx('releases')
        .where({ id: row.id })
        .update({ version: row.version + 1, archived_at: trx.fn.now() });
      await appendServerEvents(
        trx,
        signServerEvents(serverKey, [
          {
            release: { id: row.id, address: row.address, version: row.version + 1 },
            operation: 'archive',
            pincodeHash: null,
            details: { archivedOn: '2026-01-01' },
            sourceOrganizationId: null,
            actor: 'system',
          },
        ]),
      );
    });
    expect(await statementCount()).toBe(before + 1);
    const [event] = await ledgerEvents(server.knex)
      .where('e.release_id', row.id)
      .orderBy('e.sequence', 'desc')
      .limit(1);
    expect(event).toMatchObject({
      operation: 'archive',
      signer_address: serverKey.address,
      description: { archivedOn: '2026-01-01' },
    });
    expect(JSON.parse(event.statement)).toMatchObject({
      action: 'archive',
      by: serverKey.address,
      details: { archivedOn: '2026-01-01' },
    });
  });
});
