import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { releaseTerminal } from '../test/factories-releases.ts';
import { createReleasesAtOnce, registerEndpoint } from '../test/outbox-lanes.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { webhookReceiver } from '../test/webhook-receiver.ts';
import { webhookLanePolicy, webhookTimeoutMs } from '../webhooks/deliver-webhook.ts';

/*
 * Issue 42 item 6, "Deliveries in lanes": measured on main, one webhook endpoint that accepted
 * connections and never answered delayed every other endpoint's deliveries from under 1 s to
 * 3–17 s, as the worker sent a batch of 20 rows one after another (5 s for each row of the
 * hanging endpoint). Here a hanging and a failing endpoint each hold only their own lane.
 */
type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let carrier: SignedInOrganization;
let other: SignedInOrganization;
let hanging: Receiver;
let failing: Receiver;
let healthy: Receiver;
let healthyOther: Receiver;

/**
 * How late a healthy receiver may hear of an event, from the commit that queued it: less than
 * one try of the hanging endpoint (5 s), so none of its deliveries waited behind one (on main
 * the fourth would have waited behind four, 20 s). Measured on a quiet machine: 0.1–0.2 s.
 */
const boundMs = webhookTimeoutMs;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestApp({ env: smtp.env });
  [carrier, other] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server, { role: 'carrier' }),
  ]);
  [hanging, failing, healthy, healthyOther] = await Promise.all([
    webhookReceiver({ mode: 'hang' }),
    webhookReceiver({ mode: 'fail' }),
    webhookReceiver(),
    webhookReceiver(),
  ]);
  await registerEndpoint(server, carrier, hanging.url);
  await registerEndpoint(server, carrier, failing.url);
  await registerEndpoint(server, carrier, healthy.url);
  await registerEndpoint(server, other, healthyOther.url);
});
afterAll(async () => {
  await Promise.all([hanging, failing, healthy, healthyOther].map((r) => r?.close()));
  await server?.stop();
  await smtp?.close();
});

describe('issue 42 item 6: one slow, hanging or failing receiver never delays another lane', () => {
  it('a hanging and a failing endpoint delay neither a healthy endpoint (its own organisation’s or another’s) nor the mail lane', async () => {
    const terminal = await releaseTerminal(server.knex);
    // As many events as an endpoint's lane sends at once: the hanging endpoint holds all its
    // slots for 5 s, the failing one fails each try at once, the healthy ones take theirs.
    const count = webhookLanePolicy.concurrency;
    await createReleasesAtOnce(server, carrier, count, terminal);
    await createReleasesAtOnce(server, other, 3, terminal);
    const committed = Date.now();
    const to = `lanes-${committed}@portal.test`;
    await inTransaction(server.knex, (trx) =>
      enqueueMail(trx, { to, subject: 'while a receiver hangs', text: 'body' }),
    );
    void server.portal.app.get('outbox')!.wake();

    await waitFor('the healthy endpoints and the mail', () => {
      const mailed = smtp.received.some((mail) => mail.to.includes(to));
      return mailed && healthy.accepted().length === count && healthyOther.accepted().length === 3;
    });
    const latest = Math.max(
      ...healthy.received.map((r) => r.at),
      ...healthyOther.received.map((r) => r.at),
    );
    expect(latest - committed).toBeLessThan(boundMs);
    // However loaded the machine, none waited for a hanging try to be given up.
    expect(hanging.givenUpAt.every((at) => at > latest)).toBe(true);
    const { rows } = await server.knex.raw(
      `select extract(epoch from delivered_at - created_at) * 1000 as ms from outbox
        where topic = 'mail' and payload->>'to' = ?`,
      [to],
    );
    expect(Number(rows[0].ms)).toBeLessThan(boundMs);
    // Meanwhile the hanging endpoint holds at most its lane's slots, and still holds them.
    expect(hanging.maxInFlight()).toBeLessThanOrEqual(webhookLanePolicy.concurrency);
    expect(hanging.received.length).toBeLessThanOrEqual(webhookLanePolicy.concurrency);
    expect(failing.received.length).toBeGreaterThan(0);
    const hangingRows = await server
      .knex('webhook_deliveries as d')
      .join('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
      .where({ 'w.url': hanging.url, 'd.status': 'pending' })
      .count({ n: '*' });
    expect(Number(hangingRows[0]!.n)).toBe(count);
  });

  it('gives each try of a hanging endpoint up after its timeout, as a failure with back-off', async () => {
    await waitFor(
      'the hanging endpoint’s first tries to time out',
      async () => {
        const [row] = await server
          .knex('webhook_deliveries as d')
          .join('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
          .where('w.url', hanging.url)
          .whereNotNull('d.last_error')
          .count({ n: '*' });
        return Number(row!.n) > 0;
      },
      { timeoutMs: 40_000 },
    );
    const timedOut = await server
      .knex('webhook_deliveries as d')
      .join('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
      .where('w.url', hanging.url)
      .whereNotNull('d.last_error')
      .first('d.last_error', 'd.status');
    expect(timedOut).toMatchObject({ last_error: 'No answer within 5 s', status: 'pending' });
  });
});
