import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultProjectionCheckLimit,
  setProjectionCheckLimit,
} from '../../ledger/projection-rows.ts';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import { signedInOrganization, type SignedInOrganization } from '../../test/admin-kit.ts';
import { actingAs } from '../../test/custody.ts';
import { deliverPendingPcs, pcsCaller, pcsRelease, pcsState, standInOf } from '../../test/pcs.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

/*
 * Issue 14 item 1: "a PCS that is down, slow or answering errors leaves each release in a clear,
 * retryable state, never half-sent; the report shows successes and errors per release". The
 * signed statement and the "sending to PCS" state are recorded first; the message (one id for
 * every attempt) goes through the outbox until the PCS answers, or at the last attempt every
 * release is back where it was. Against the stand-in PCS, stopped, slowed down or failing.
 */
let server: TestServer;
let calls: ReturnType<typeof pcsCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
const timeoutMs = 1_500;

beforeAll(async () => {
  server = await startTestApp({ env: { PCS_TIMEOUT_MS: String(timeoutMs) } });
  calls = pcsCaller(server);
  [carrier, forwarder] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server, { fields: { is_connected_to_cpoint: true } }),
  ]);
});
afterEach(async () => {
  standInOf(server).behaviour = { mode: 'normal', delayMs: 0 };
  await standInOf(server).start();
});
afterAll(() => server?.stop());

/** Sends releases of the forwarder to the PCS: the answer of the second call. */
async function transferToPcs(addresses: string[]) {
  const { applied } = await calls.act(actingAs(forwarder), 'transferToPcs', addresses);
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return applied.body as { report: { address: string; result: string; reason: string }[] };
}

const messagesOf = (address: string) =>
  standInOf(server).received.filter((message) =>
    message.releases.some((release) => release.address === address),
  );

describe('issue 14 item 1: a PCS that is down, slow or answering errors', () => {
  it('down: the releases wait "sending to PCS", nothing else takes them, and go once it is back', async () => {
    const first = await pcsRelease(server, carrier, forwarder);
    const second = await pcsRelease(server, carrier, forwarder);
    await standInOf(server).stop();
    const answer = await transferToPcs([first.address, second.address]);
    expect(answer.report.map((line) => [line.result, line.reason])).toEqual([
      ['pending', 'pcsPending'],
      ['pending', 'pcsPending'],
    ]);
    for (const { address } of [first, second]) {
      expect(await pcsState(server, address, forwarder)).toMatchObject({
        pcsStatus: 'sending',
        sentToPcs: true,
        transferStatus: 'sendingToPcs',
      });
    }
    // Meanwhile no second send and no transfer: the send status conflicts.
    const again = await calls.dryRun(actingAs(forwarder), 'transferToPcs', [first.address]);
    expect(again.body.refused).toEqual([
      expect.objectContaining({ address: first.address, reason: 'sendStatusConflict' }),
    ]);
    const message = await server.knex('pcs_messages').orderBy('id', 'desc').first();
    expect(message).toMatchObject({ status: 'pending', attempts: 1 });
    expect(message.last_error).toMatch(/cannot be reached/);

    await standInOf(server).start();
    await deliverPendingPcs(server);
    for (const { address } of [first, second]) {
      expect(await pcsState(server, address, forwarder)).toMatchObject({
        pcsStatus: 'sent',
        transferStatus: 'sentToPcs',
      });
      expect(standInOf(server).holds(address)).toBe(true);
    }
    expect(messagesOf(first.address)).toHaveLength(1);
  });

  it('slow: an answer after the timeout is sent again with the same message id, taken once', async () => {
    const release = await pcsRelease(server, carrier, forwarder);
    standInOf(server).behaviour = { mode: 'slow', delayMs: timeoutMs * 2 };
    const answer = await transferToPcs([release.address]);
    expect(answer.report).toEqual([
      expect.objectContaining({ address: release.address, result: 'pending' }),
    ]);
    expect(await pcsState(server, release.address, forwarder)).toMatchObject({
      pcsStatus: 'sending',
    });
    standInOf(server).behaviour = { mode: 'normal', delayMs: 0 };
    await deliverPendingPcs(server);
    expect(await pcsState(server, release.address, forwarder)).toMatchObject({
      pcsStatus: 'sent',
      transferStatus: 'sentToPcs',
    });
    const messages = messagesOf(release.address);
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(new Set(messages.map((message) => message.messageId)).size).toBe(1);
  });

  it('answering errors: retried with back-off, then every release back where it was, and it can be sent again', async () => {
    const release = await pcsRelease(server, carrier, forwarder);
    standInOf(server).behaviour = { mode: 'errors', delayMs: 0 };
    const answer = await transferToPcs([release.address]);
    expect(answer.report[0]).toMatchObject({ result: 'pending' });
    const outbox = await server
      .knex('outbox')
      .where({ topic: 'pcs' })
      .orderBy('id', 'desc')
      .first();
    expect(outbox.delivered_at).toBeNull();

    await deliverPendingPcs(server);
    const message = await server.knex('pcs_messages').orderBy('id', 'desc').first();
    expect(message).toMatchObject({ status: 'done', attempts: 6 });
    expect(message.last_error).toMatch(/503/);
    expect(await pcsState(server, release.address, forwarder)).toMatchObject({
      pcsStatus: null,
      sentToPcs: false,
      transferStatus: 'owned',
    });
    const hash = await server
      .knex('ledger_statements')
      .where({ id: message.statement_id })
      .first('hash');
    const report = await calls.api(`releases/pcs/reports/${hash.hash}`, {
      token: forwarder.tokens[1],
    });
    expect(report.body.report).toEqual([
      expect.objectContaining({ result: 'refused', reason: 'pcsUnavailable' }),
    ]);
    expect(standInOf(server).holds(release.address)).toBe(false);

    standInOf(server).behaviour = { mode: 'normal', delayMs: 0 };
    const retried = await transferToPcs([release.address]);
    expect(retried.report).toEqual([expect.objectContaining({ result: 'done' })]);
    expect(standInOf(server).holds(release.address)).toBe(true);
    const verified = await verifyLedger(server.knex, {
      serverAddress: server.portal.app.get('serverKey').address,
      releaseAddresses: [release.address],
    });
    expect(verified.broken).toBeNull();
  });

  it('reports successes and errors per release of one message', async () => {
    const ok = await pcsRelease(server, carrier, forwarder);
    const expired = await pcsRelease(server, carrier, forwarder);
    // The PCS refuses a release whose validity has passed (the stand-in's own rule). Only time
    // gives a past validity, so it is set by hand: the rows then differ from the ledger on
    // purpose, and the write path's replay is off for this call.
    await server
      .knex('releases')
      .where({ address: expired.address })
      .update({ valid_until: '2020-01-31' });
    setProjectionCheckLimit(0);
    const answer = await transferToPcs([ok.address, expired.address]).finally(() =>
      setProjectionCheckLimit(defaultProjectionCheckLimit),
    );
    const byAddress = Object.fromEntries(answer.report.map((line) => [line.address, line]));
    expect(byAddress[ok.address]).toMatchObject({ result: 'done', reason: null });
    expect(byAddress[expired.address]).toMatchObject({
      result: 'refused',
      reason: 'pcsRefused',
      error: 'The release is no longer valid',
    });
    expect(await pcsState(server, ok.address, forwarder)).toMatchObject({ pcsStatus: 'sent' });
    expect(await pcsState(server, expired.address, forwarder)).toMatchObject({
      pcsStatus: null,
      sentToPcs: false,
      transferStatus: 'owned',
    });
    const trail = await server
      .knex('release_events')
      .where({ release_address: expired.address, operation: 'pcsAnswer' })
      .first('description');
    expect(trail.description).toMatchObject({
      action: 'transferToPcs',
      pcsResult: 'refused',
      reason: 'expired',
    });
  });
});
