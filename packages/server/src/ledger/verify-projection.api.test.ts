import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../test/admin-kit.ts';
import { realChain, realChainCast, type RealChainCast } from '../test/real-chain.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { verifyLedger, type VerifyResult } from './verify-ledger.ts';

let server: TestServer;
let cast: RealChainCast;
/** One release through the whole chain: created, transferred twice, assigned, checked, picked up. */
let release: { address: string; id: string };
let assignedOnly: { address: string; id: string };

beforeAll(async () => {
  server = await startTestApp();
  cast = await realChainCast(server);
  const made = await realChain(server, cast);
  const assigned = await realChain(server, cast, { until: 'assigned' });
  const idOf = async (address: string) =>
    String((await server.knex('releases').where({ address }).first('id')).id);
  release = { address: made.address, id: await idOf(made.address) };
  assignedOnly = { address: assigned.address, id: await idOf(assigned.address) };
});
afterAll(() => server?.stop());

const serverAddress = () => server.portal.app.get('serverKey').address;

/** Verifies the releases with `tamper` applied to the rows, then undoes it (rolled back). */
async function verifiedAfter(
  addresses: string[],
  tamper: (trx: Knex.Transaction) => Promise<unknown>,
): Promise<VerifyResult> {
  let result: VerifyResult | undefined;
  await server.knex
    .transaction(async (trx) => {
      await tamper(trx);
      result = await verifyLedger(trx, {
        serverAddress: serverAddress(),
        releaseAddresses: addresses,
      });
      throw new Error('undo');
    })
    .catch((error: Error) => {
      if (error.message !== 'undo') throw error;
    });
  return result!;
}

const releaseRow = (trx: Knex.Transaction, id = release.id) => trx('releases').where({ id });
const partyRow = (trx: Knex.Transaction, position: number, id = release.id) =>
  trx('release_parties').where({ release_id: id, position, active: true });
const assignmentRow = (trx: Knex.Transaction) =>
  trx('release_assignments').where({ release_id: assignedOnly.id });

describe('the stored state is the projection of the ledger (docs/ledger.md)', () => {
  it('an untouched chain (carrier → forwarder → haulier → assignment → gate check → gate-out) verifies', async () => {
    const result = await verifyLedger(server.knex, {
      serverAddress: serverAddress(),
      releaseAddresses: [release.address, assignedOnly.address],
    });
    expect(result.broken).toBeNull();
    // create, transfer, transfer, assign, terminalCheck, gateOut, archive; create, 2 transfers, assign.
    expect(result.events).toBe(11);
  });

  // Each column the reducer derives, changed in the rows alone: the field is named with the
  // stored and the replayed value.
  it.each([
    [
      'releases.release_status',
      'releaseStatus',
      'blocked',
      'gateout',
      (t: Knex.Transaction) => releaseRow(t).update({ release_status: 'blocked' }),
    ],
    [
      'releases.owner_organization_id',
      'holderOrganizationId',
      () => cast.forwarder.id,
      () => cast.haulier.id,
      (t: Knex.Transaction) => releaseRow(t).update({ owner_organization_id: cast.forwarder.id }),
    ],
    [
      'releases.carrier_organization_id',
      'carrierOrganizationId',
      () => cast.forwarder.id,
      () => cast.carrier.id,
      (t: Knex.Transaction) => releaseRow(t).update({ carrier_organization_id: cast.forwarder.id }),
    ],
    [
      'releases.version',
      'version',
      99,
      null,
      (t: Knex.Transaction) => releaseRow(t).update({ version: 99 }),
    ],
    [
      'releases.valid_until',
      'validUntil',
      '2031-01-01',
      null,
      (t: Knex.Transaction) => releaseRow(t).update({ valid_until: '2031-01-01' }),
    ],
    [
      'releases.valid_from',
      'validFrom',
      '2031-01-01',
      null,
      (t: Knex.Transaction) => releaseRow(t).update({ valid_from: '2031-01-01' }),
    ],
    [
      'releases.gate_out_at',
      'gateOutAt',
      null,
      null,
      (t: Knex.Transaction) => releaseRow(t).update({ gate_out_at: null }),
    ],
    [
      'releases.archived_at',
      'archived',
      false,
      true,
      (t: Knex.Transaction) => releaseRow(t).update({ archived_at: null }),
    ],
    [
      'releases.next_mode_of_transport',
      'nextModeOfTransport',
      'barge',
      null,
      (t: Knex.Transaction) => releaseRow(t).update({ next_mode_of_transport: 'barge' }),
    ],
    [
      'releases.green_lights',
      'greenLights',
      null,
      null,
      (t: Knex.Transaction) =>
        releaseRow(t).update({
          green_lights: JSON.stringify({ events: {}, total: 'green', source: 'x' }),
        }),
    ],
    [
      'releases.pcs_status',
      'pcs.status',
      'sent',
      null,
      (t: Knex.Transaction) => releaseRow(t).update({ pcs_status: 'sent' }),
    ],
    [
      'releases.sent_to_pcs',
      'pcs.sentToPcs',
      true,
      false,
      (t: Knex.Transaction) => releaseRow(t).update({ sent_to_pcs: true }),
    ],
    [
      'releases.pcs_reference',
      'pcs.reference',
      'PCS-1',
      null,
      (t: Knex.Transaction) => releaseRow(t).update({ pcs_reference: 'PCS-1' }),
    ],
    [
      'release_parties.organization_id',
      'parties[1].organizationId',
      () => cast.terminalOrg.id,
      () => cast.forwarder.id,
      (t: Knex.Transaction) => partyRow(t, 1).update({ organization_id: cast.terminalOrg.id }),
    ],
    [
      'release_parties.transfer_status',
      'parties[2].transferStatus',
      'owned',
      'assigned',
      (t: Knex.Transaction) => partyRow(t, 2).update({ transfer_status: 'owned' }),
    ],
    [
      'release_parties.received_from_organization_id',
      'parties[2].receivedFromOrganizationId',
      () => cast.carrier.id,
      () => cast.forwarder.id,
      (t: Knex.Transaction) =>
        partyRow(t, 2).update({ received_from_organization_id: cast.carrier.id }),
    ],
    [
      'release_parties.transferred_to_organization_id',
      'parties[0].transferredToOrganizationId',
      () => cast.haulier.id,
      () => cast.forwarder.id,
      (t: Knex.Transaction) =>
        partyRow(t, 0).update({ transferred_to_organization_id: cast.haulier.id }),
    ],
    [
      'release_parties.active',
      'parties[2]',
      null,
      () => cast.haulier.id,
      (t: Knex.Transaction) => partyRow(t, 2).update({ active: false }),
    ],
    [
      'release_parties.release_status',
      'parties[1].releaseStatus',
      'released',
      'gateout',
      (t: Knex.Transaction) => partyRow(t, 1).update({ release_status: 'released' }),
    ],
    [
      'release_parties.position',
      'parties[5]',
      () => cast.haulier.id,
      null,
      (t: Knex.Transaction) => partyRow(t, 2).update({ position: 5 }),
    ],
    [
      'release_parties (a row deleted)',
      'parties[2]',
      null,
      () => cast.haulier.id,
      (t: Knex.Transaction) => partyRow(t, 2).delete(),
    ],
  ])('%s changed: %s is named', async (_column, field, stored, replayed, tamper) => {
    const result = await verifiedAfter([release.address], tamper);
    expect(result.broken).toMatchObject({ releaseAddress: release.address, sequence: null });
    const value = (v: unknown) => (typeof v === 'function' ? v() : v);
    const difference = result.broken!.differences!.find((d) => d.field === field);
    expect(difference, JSON.stringify(result.broken)).toBeDefined();
    if (value(stored) !== null) expect(difference!.stored).toEqual(value(stored));
    if (value(replayed) !== null) expect(difference!.replayed).toEqual(value(replayed));
    expect(result.broken!.reason).toContain(field);
  });

  it.each([
    ['identification', 'assignment.identification', { identification: '999999' }],
    ['assignee_name', 'assignment.name', { assignee_name: 'Someone Else' }],
    ['organization_id', 'assignment.organizationId', () => ({ organization_id: cast.carrier.id })],
    ['identification_type', 'assignment.identificationType', { identification_type: 'itsme' }],
    ['assignee_type', 'assignment.type', { assignee_type: 'barge' }],
    ['visit_number', 'assignment.visitNumber', { visit_number: 'V-1' }],
  ])('release_assignments.%s changed: %s is named', async (_column, field, change) => {
    const value = typeof change === 'function' ? change() : change;
    const result = await verifiedAfter([assignedOnly.address], (t) =>
      assignmentRow(t).update(value),
    );
    expect(
      result.broken?.differences?.map((d) => d.field),
      JSON.stringify(result.broken),
    ).toContain(field);
  });

  it('an assignment row deleted, or the pincode copy changed, is named', async () => {
    const gone = await verifiedAfter([assignedOnly.address], (t) => assignmentRow(t).delete());
    expect(gone.broken?.differences).toEqual([
      expect.objectContaining({ field: 'assignment', stored: null }),
    ]);
    const copy = await verifiedAfter([assignedOnly.address], (t) =>
      t('release_pincodes')
        .where({ release_id: assignedOnly.id, organization_id: cast.haulier.id })
        .update({ encrypted_pincode: 'AAAA' }),
    );
    expect(copy.broken?.differences?.map((d) => d.field)).toEqual(['pincodeCopies']);
  });

  it('an event deleted, or two reordered, fails with its reason', async () => {
    const events = (t: Knex.Transaction) =>
      t('release_events')
        .where({ release_id: release.id })
        .orderBy('sequence')
        .select('id', 'sequence');
    const lastDeleted = await verifiedAfter([release.address], async (t) => {
      const all = await events(t);
      await t('release_events')
        .where({ id: all.at(-1)!.id })
        .delete();
    });
    expect(lastDeleted.broken?.reason).toMatch(
      /archived is true in the database, false by the ledger/,
    );
    const middleDeleted = await verifiedAfter([release.address], async (t) => {
      const all = await events(t);
      await t('release_events').where({ id: all[2]!.id }).delete();
    });
    expect(middleDeleted.broken).toMatchObject({ sequence: 4, reason: 'expected event 3' });
    const swapped = await verifiedAfter([release.address], async (t) => {
      const all = await events(t);
      await t('release_events').where({ id: all[1]!.id }).update({ sequence: 1000 });
      await t('release_events').where({ id: all[2]!.id }).update({ sequence: 2 });
      await t('release_events').where({ id: all[1]!.id }).update({ sequence: 3 });
    });
    expect(swapped.broken).toMatchObject({
      sequence: 2,
      reason: 'the link to the previous event is broken',
    });
  });

  it('the audit trail says it too: every event verified, until the rows differ from the ledger', async () => {
    const api = apiCaller(server);
    const trail = async () =>
      (await api(`audit-trail/${assignedOnly.address}`, { token: cast.haulier.tokens[1] })).body
        .data as {
        operation: string;
        verified: boolean;
        verifyProblem: string | null;
      }[];
    expect((await trail()).map((entry) => [entry.operation, entry.verified])).toEqual([
      ['create', true],
      ['transfer', true],
      ['transfer', true],
      ['assign', true],
    ]);
    const rows = () => server.knex('release_assignments').where({ release_id: assignedOnly.id });
    const { identification } = await rows().first('identification');
    await rows().update({ identification: '999999' });
    try {
      const tampered = await trail();
      expect(tampered.slice(0, 3).every((entry) => entry.verified)).toBe(true);
      expect(tampered[3]).toMatchObject({
        verified: false,
        // The ledger binds the identification's commitment: the row's, recomputed, differs.
        verifyProblem: expect.stringMatching(
          /assignment\.identification is 0x[0-9a-f]{64} in the database, 0x[0-9a-f]{64} by the ledger/,
        ),
      });
    } finally {
      await rows().update({ identification });
    }
  });

  it('the audit trail proves each event in the latest signed checkpoint, and says when that fails', async () => {
    expect(await server.portal.app.get('ledgerSequencer')!.runNow()).toBe(true);
    const api = apiCaller(server);
    const trail = async () =>
      (await api(`audit-trail/${release.address}`, { token: cast.haulier.tokens[1] })).body
        .data as { verified: boolean; verifyProblem: string | null; checkpointTreeSize: number }[];
    const latest = await server.knex('ledger_checkpoints').orderBy('tree_size', 'desc').first();
    const proven = await trail();
    expect(proven).toHaveLength(7);
    for (const entry of proven) {
      expect(entry).toMatchObject({ verified: true, checkpointTreeSize: Number(latest.tree_size) });
    }
    // The signed root rewritten: the checkpoint's signature no longer holds, for every event.
    const root = latest.root_hash as string;
    const other = `${root.slice(0, -1)}${root.endsWith('0') ? '1' : '0'}`;
    const checkpoint = () =>
      server.knex('ledger_checkpoints').where({ tree_size: latest.tree_size });
    await checkpoint().update({ root_hash: other });
    try {
      for (const entry of await trail()) {
        expect(entry).toMatchObject({
          verified: false,
          verifyProblem: expect.stringMatching(/^the latest checkpoint /),
          checkpointTreeSize: null,
        });
      }
    } finally {
      await checkpoint().update({ root_hash: root });
    }
  });
});
