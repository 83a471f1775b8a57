import { parseStatement, refusalMessages, type CustodyRefusal, type PcsAction } from '@scr/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { actingAs } from '../../test/custody.ts';
import { addParty } from '../../test/factories-releases.ts';
import { pcsCaller, pcsRelease, pcsState, standInOf } from '../../test/pcs.ts';
import { releaseListener } from '../../test/sockets.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { waitFor } from '../../test/wait-for.ts';

/*
 * Issue 14 item 1, through the real API and the stand-in PCS: releases spec §2 "Transfer to PCS
 * and Revoke from PCS (non-carrier whose organisation is connected to the PCS)", §4 "Action
 * rules" (the PCS rows and "In the PCS dialog … listed separately and excluded"), §4 "sending to
 * PCS", "sent to PCS", §7 `PUT releases/pcs/transferToPcs` and `revokeFromPcs`, §8 the report.
 */
let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let calls: ReturnType<typeof pcsCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let haulier: Org;
let unconnected: Org;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  calls = pcsCaller(server);
  const connected = { fields: { is_connected_to_cpoint: true } };
  [carrier, forwarder, haulier, unconnected] = await Promise.all([
    signedInOrganization(server, { role: 'carrier', ...connected }),
    signedInOrganization(server, connected),
    signedInOrganization(server, connected),
    signedInOrganization(server),
  ]);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
});

const textOf = (reason: CustodyRefusal) => (refusalMessages as Record<string, string>)[reason];

async function expectRefused(org: Org, action: PcsAction, address: string, reason: CustodyRefusal) {
  const answer = await calls.dryRun(actingAs(org), action, [address]);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.eligible_releases).toEqual([]);
  expect(answer.body.refused).toEqual([
    expect.objectContaining({ address, reason, error: textOf(reason) }),
  ]);
  expect(answer.body.errors).toEqual(answer.body.refused);
}

describe('releases spec §7 `PUT releases/pcs/transferToPcs` and `revokeFromPcs`: signed, through the PCS', () => {
  it('sends a release to the PCS and takes it back: states, report, ledger, stand-in, live notices', async () => {
    const release = await pcsRelease(server, carrier, forwarder);
    const address = release.address;
    const listener = await releaseListener(server.baseUrl, sockets, forwarder.tokens[1]);

    const sent = await calls.act(actingAs(forwarder), 'transferToPcs', [address]);
    expect(sent.dryRun.body.eligible_releases).toEqual([expect.objectContaining({ address })]);
    expect(sent.applied.status, JSON.stringify(sent.applied.body)).toBe(200);
    expect(sent.applied.body.report).toEqual([
      {
        address,
        blNumber: release.blNumber,
        containerNumber: release.containerNumber,
        result: 'done',
        reason: null,
        error: null,
      },
    ]);
    expect(await pcsState(server, address, forwarder)).toMatchObject({
      pcsStatus: 'sent',
      sentToPcs: true,
      transferStatus: 'sentToPcs',
      reference: expect.stringMatching(/^CP-/),
    });
    expect(standInOf(server).holds(address)).toBe(true);
    const message = standInOf(server).received.at(-1)!;
    expect(message).toMatchObject({ action: 'transfer', sender: { address: forwarder.address } });
    expect(parseStatement(message.statement).action).toBe('transferToPcs');
    const row = await api(`releases/${address}`, { token: forwarder.tokens[1] });
    expect(row.body).toMatchObject({ transferStatus: 'sentToPcs', sentToPcs: true });
    await waitFor('the live notices', () =>
      ['transferToPcs', 'pcsAnswer'].every((operation) =>
        listener.heard.some((heard) => heard.payload.operation === operation),
      ),
    );
    // Held by the PCS: no transfer, no second send.
    await expectRefused(forwarder, 'transferToPcs', address, 'sendStatusConflict');

    const back = await calls.act(actingAs(forwarder), 'revokeFromPcs', [address]);
    expect(back.applied.status, JSON.stringify(back.applied.body)).toBe(200);
    expect(back.applied.body.report).toEqual([
      expect.objectContaining({ address, result: 'done' }),
    ]);
    expect(await pcsState(server, address, forwarder)).toMatchObject({
      pcsStatus: null,
      sentToPcs: false,
      transferStatus: 'owned',
      reference: null,
    });
    expect(standInOf(server).holds(address)).toBe(false);
    const operations = await server
      .knex('release_events')
      .where({ release_address: address })
      .orderBy('sequence')
      .pluck('operation');
    expect(operations).toEqual([
      'create',
      'transfer',
      'transferToPcs',
      'pcsAnswer',
      'revokeFromPcs',
      'pcsAnswer',
    ]);
    const verified = await verifyLedger(server.knex, {
      serverAddress: server.portal.app.get('serverKey').address,
      releaseAddresses: [address],
    });
    expect(verified.broken).toBeNull();
  });

  it('answers the report again by the statement hash, to the sender only', async () => {
    const { address } = await pcsRelease(server, carrier, forwarder);
    const sent = await calls.act(actingAs(forwarder), 'transferToPcs', [address]);
    const hash = sent.applied.body.statementHash as string;
    const report = await api(`releases/pcs/reports/${hash}`, { token: forwarder.tokens[1] });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body).toMatchObject({ action: 'transferToPcs', statementHash: hash });
    expect(report.body.report).toEqual([expect.objectContaining({ address, result: 'done' })]);
    const other = await api(`releases/pcs/reports/${hash}`, { token: haulier.tokens[1] });
    expect(other.status).toBe(404);
  });
});

describe('releases spec §4 "Action rules": Transfer to PCS and Revoke from PCS are refused for', () => {
  it('already transferred (the release went on to the next party)', async () => {
    const { address } = await pcsRelease(server, carrier, forwarder);
    await addParty(server.knex, address, haulier.id);
    await expectRefused(forwarder, 'transferToPcs', address, 'alreadyTransferred');
  });

  it('terminal has no PCS (no EDI PCS, or another PCS), for both', async () => {
    const none = await pcsRelease(server, carrier, forwarder, null);
    await expectRefused(forwarder, 'transferToPcs', none.address, 'noPcs');
    const other = await pcsRelease(server, carrier, forwarder, 'PORTBASE');
    await expectRefused(forwarder, 'transferToPcs', other.address, 'noPcs');
    await server.knex('releases').where({ address: other.address }).update({ sent_to_pcs: true });
    await expectRefused(forwarder, 'revokeFromPcs', other.address, 'noPcs');
  });

  it('send-status conflict: sent already (transfer), not sent or still on its way (revoke)', async () => {
    const { address } = await pcsRelease(server, carrier, forwarder);
    await expectRefused(forwarder, 'revokeFromPcs', address, 'sendStatusConflict');
    await server
      .knex('releases')
      .where({ address })
      .update({ sent_to_pcs: true, pcs_status: 'sending' });
    await expectRefused(forwarder, 'transferToPcs', address, 'sendStatusConflict');
    await expectRefused(forwarder, 'revokeFromPcs', address, 'sendStatusConflict');
  });

  it('not available in PCS: marked sent, but the PCS never confirmed it', async () => {
    const { address } = await pcsRelease(server, carrier, forwarder);
    await server
      .knex('releases')
      .where({ address })
      .update({ sent_to_pcs: true, pcs_status: 'sent', pcs_reference: null });
    await expectRefused(forwarder, 'revokeFromPcs', address, 'notInPcs');
  });

  it('not available in PCS, as the PCS answers it: the release is no longer held there', async () => {
    const { address } = await pcsRelease(server, carrier, forwarder);
    expect((await calls.act(actingAs(forwarder), 'transferToPcs', [address])).applied.status).toBe(
      200,
    );
    standInOf(server).forget(address);
    const back = await calls.act(actingAs(forwarder), 'revokeFromPcs', [address]);
    expect(back.applied.body.report).toEqual([
      expect.objectContaining({ address, result: 'refused', reason: 'notInPcs' }),
    ]);
    expect(await pcsState(server, address, forwarder)).toMatchObject({
      pcsStatus: null,
      sentToPcs: false,
      transferStatus: 'owned',
    });
  });

  it('a release outside the caller’s chain: not found, so its existence does not leak (§6)', async () => {
    const stranger = await pcsRelease(server, carrier, haulier);
    await expectRefused(forwarder, 'transferToPcs', stranger.address, 'notFound');
    await expectRefused(forwarder, 'revokeFromPcs', stranger.address, 'notFound');
  });

  it('lists the excluded containers separately in one dry run (§4 "In the PCS dialog")', async () => {
    const ok = await pcsRelease(server, carrier, forwarder);
    const none = await pcsRelease(server, carrier, forwarder, null);
    const sent = await pcsRelease(server, carrier, forwarder);
    await server
      .knex('releases')
      .where({ address: sent.address })
      .update({ sent_to_pcs: true, pcs_status: 'sent', pcs_reference: 'CP-1' });
    const moved = await pcsRelease(server, carrier, forwarder);
    await addParty(server.knex, moved.address, haulier.id);
    const answer = await calls.dryRun(actingAs(forwarder), 'transferToPcs', [
      ok.address,
      none.address,
      sent.address,
      moved.address,
    ]);
    expect(answer.body.eligible_releases.map((r: { address: string }) => r.address)).toEqual([
      ok.address,
    ]);
    const reasons = Object.fromEntries(
      answer.body.refused.map((r: { address: string; reason: string }) => [r.address, r.reason]),
    );
    expect(reasons).toEqual({
      [none.address]: 'noPcs',
      [sent.address]: 'sendStatusConflict',
      [moved.address]: 'alreadyTransferred',
    });
  });
});

describe('releases spec §2, §6: who may use the PCS actions', () => {
  it('refuses an organisation not connected to the PCS (people and systems), carriers, and keys without custody:write; changes nothing', async () => {
    const { address } = await pcsRelease(server, carrier, unconnected);
    const refused = await calls.dryRun(actingAs(unconnected), 'transferToPcs', [address]);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toMatchObject({ code: 'pcs_not_connected' });
    const byCarrier = await calls.dryRun(actingAs(carrier), 'transferToPcs', [address]);
    expect(byCarrier.status).toBe(403);
    expect(byCarrier.body.data).toMatchObject({ code: 'forbidden' });
    // A system calls with a key of its organisation, the scope custody:write or nothing.
    const dryRunByKey = async (org: Org, scopes: string[]) => {
      const key = await api('api-keys', {
        method: 'POST',
        token: org.tokens[0],
        body: { name: `system ${scopes.join(' ')}`, scopes },
      });
      return api('releases/pcs/transferToPcs', {
        method: 'PUT',
        apiKey: key.body.key,
        body: { dryRun: true, releaseAddresses: [address] },
      });
    };
    const byKey = await dryRunByKey(forwarder, ['releases:write']);
    expect(byKey.status).toBe(403);
    expect(byKey.body.message).toContain('custody:write');
    // A system of the unconnected organisation, with the scope, is refused as its people are.
    const bySystem = await dryRunByKey(unconnected, ['custody:write']);
    expect(bySystem.status).toBe(403);
    expect(bySystem.body.data).toMatchObject({ code: 'pcs_not_connected' });
    expect(await pcsState(server, address, unconnected)).toMatchObject({
      pcsStatus: null,
      sentToPcs: false,
      transferStatus: 'owned',
    });
  });

  it('answers bad input with a clear 400 and no change', async () => {
    const { address } = await pcsRelease(server, carrier, forwarder);
    const empty = await calls.put(actingAs(forwarder), 'transferToPcs', {
      dryRun: true,
      releaseAddresses: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toMatchObject({ code: 'no_release_selected' });
    const unsigned = await calls.put(actingAs(forwarder), 'transferToPcs', {
      releaseAddresses: [{ address, version: 2 }],
      statement: '{}',
      signature: '0x00',
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.data).toMatchObject({ code: 'statement_invalid' });
    expect(await pcsState(server, address, forwarder)).toMatchObject({ pcsStatus: null });
  });
});
