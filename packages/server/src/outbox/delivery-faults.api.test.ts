import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { actingAs } from '../test/custody.ts';
import { releaseTerminal } from '../test/factories-releases.ts';
import {
  backoffPassed,
  createReleasesAtOnce,
  expectBackoff,
  laneRows,
  registerEndpoint,
  secondsUntilDue,
  tryRows,
} from '../test/outbox-lanes.ts';
import { pcsCaller, pcsRelease, pcsState, standInOf } from '../test/pcs.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { webhookReceiver } from '../test/webhook-receiver.ts';

/*
 * Issue 42 item 11, the delivery half: SMTP, the PCS and a webhook receiver each down, then
 * back. Every try while it is down fails and waits the back-off of its attempt (10 s doubled
 * per try, with jitter: the test reads the pause from the row, then moves its clock past it
 * rather than wait); once the receiver is back each message arrives exactly once.
 */
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let carrier: SignedInOrganization;
let forwarder: SignedInOrganization;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestApp({ env: smtp.env });
  [carrier, forwarder] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server, { fields: { is_connected_to_cpoint: true } }),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const wake = () => server.portal.app.get('outbox')!.wake();
const row = (id: string) => server.knex('outbox').where({ id }).first();

/** Tries the lane's due rows `tries` times while its receiver is down, checking each back-off. */
async function failWhileDown(lane: string, ids: string[], tries: number, firstAttempt = 1) {
  for (let attempt = firstAttempt; attempt < firstAttempt + tries; attempt += 1) {
    await tryRows(server, lane, ids, attempt);
    for (const id of ids) {
      expect(await row(id)).toMatchObject({
        attempts: attempt,
        delivered_at: null,
        failed_at: null,
      });
      expectBackoff(await secondsUntilDue(server, id), attempt);
    }
  }
}

describe('issue 42 item 11: a receiver down, then back, gets each message once', () => {
  it('SMTP: retried with back-off while the server is down, delivered once when it is back', async () => {
    await smtp.close();
    const to = `smtp-down-${Date.now()}@portal.test`;
    await inTransaction(server.knex, (trx) =>
      enqueueMail(trx, { to, subject: 'sent once', text: 'code 424242' }),
    );
    const [queued] = await laneRows(server, 'mail').whereRaw(`payload->>'to' = ?`, [to]);
    await failWhileDown('mail', [queued.id], 3);
    expect((await row(queued.id)).last_error).toMatch(/ECONNREFUSED/);

    smtp = await startSmtpSink({ port: smtp.port });
    await backoffPassed(server, 'mail');
    await wake();
    expect(await row(queued.id)).toMatchObject({ attempts: 4, payload: { to } });
    expect((await row(queued.id)).delivered_at).not.toBeNull();
    await backoffPassed(server, 'mail');
    await wake();
    const mails = smtp.received.filter((mail) => mail.to.includes(to));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('code 424242');
  });

  it('the PCS: a message retried with back-off while it is down, taken once when it is back', async () => {
    const release = await pcsRelease(server, carrier, forwarder);
    const standIn = standInOf(server);
    await standIn.stop();
    const { applied } = await pcsCaller(server).act(actingAs(forwarder), 'transferToPcs', [
      release.address,
    ]);
    expect(applied.body.report).toEqual([expect.objectContaining({ result: 'pending' })]);
    const [queued] = await laneRows(server, 'pcs').whereNull('delivered_at');
    await failWhileDown('pcs', [queued.id], 2);
    const message = await server.knex('pcs_messages').orderBy('id', 'desc').first();
    // The call's own try and the outbox's two.
    expect(message).toMatchObject({ status: 'pending', attempts: 3 });

    await standIn.start();
    await backoffPassed(server, 'pcs');
    await wake();
    expect((await row(queued.id)).delivered_at).not.toBeNull();
    expect(await pcsState(server, release.address, forwarder)).toMatchObject({
      pcsStatus: 'sent',
      transferStatus: 'sentToPcs',
    });
    const sent = standIn.received.filter((m) => m.messageId === message.message_id);
    expect(sent).toHaveLength(1);
  });

  it('a webhook receiver: retried with back-off while it is down, each event once when it is back', async () => {
    const receiver = await webhookReceiver();
    const endpointId = await registerEndpoint(server, carrier, receiver.url);
    const lane = `webhook:${endpointId}`;
    await receiver.stop();
    await createReleasesAtOnce(server, carrier, 3, await releaseTerminal(server.knex));
    const ids = (await laneRows(server, lane)).map((r) => r.id as string);
    expect(ids).toHaveLength(3);
    await failWhileDown(lane, ids, 3);
    // Three failures within seconds: a run too short to pause the endpoint.
    expect(await server.knex('webhook_endpoints').where({ id: endpointId }).first()).toMatchObject({
      consecutive_failures: 9,
      paused_at: null,
    });

    await receiver.start();
    await backoffPassed(server, lane);
    await wake();
    await backoffPassed(server, lane);
    await wake();
    const accepted = receiver.accepted().map((r) => r.event.id);
    expect(accepted).toHaveLength(3);
    expect(new Set(accepted).size).toBe(3);
    expect(await server.knex('webhook_endpoints').where({ id: endpointId }).first()).toMatchObject({
      consecutive_failures: 0,
      failing_since: null,
      last_error: null,
    });
    await receiver.close();
  });
});
