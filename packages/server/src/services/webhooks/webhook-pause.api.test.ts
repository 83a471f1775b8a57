import { webhookPauseRule } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { releaseTerminal } from '../../test/factories-releases.ts';
import {
  backoffPassed,
  createReleasesAtOnce,
  laneRows,
  registerEndpoint,
} from '../../test/outbox-lanes.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { webhookReceiver } from '../../test/webhook-receiver.ts';
import { dropExpiredDeliveries } from '../../webhooks/endpoint-health.ts';

/*
 * Issue 42 item 6: an endpoint that keeps failing (5 failed tries in a row over at least 10
 * minutes) is paused; its deliveries wait, new events for it are kept (7 days), its admin sees
 * it paused, since when and why, and resumes it, which sends what waits from a first try. The
 * test's clock: the run of failures is moved 11 minutes back rather than waited for.
 */
type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;
let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let outsider: SignedInOrganization;
let receiver: Receiver;
let endpointId: number;
let lane: string;
let terminal: string;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  [carrier, outsider] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
  ]);
  receiver = await webhookReceiver({ mode: 'fail' });
  endpointId = await registerEndpoint(server, carrier, receiver.url);
  lane = `webhook:${endpointId}`;
  terminal = await releaseTerminal(server.knex);
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

const wake = () => server.portal.app.get('outbox')!.wake();
const shown = async () =>
  (await api(`webhook-endpoints/${endpointId}`, { token: carrier.tokens[0] })).body;
const tryAgain = async () => {
  await backoffPassed(server, lane);
  await wake();
};
/** Tries the endpoint's one event until the receiver has seen `n` tries (the app's poll may make the first). */
const failUntil = async (n: number) => {
  while (receiver.received.length < n) await tryAgain();
  expect(receiver.received).toHaveLength(n);
};

describe('issue 42 item 6: an endpoint that keeps failing is paused, its events kept', () => {
  it('pauses after 5 failures in a row over 10 minutes, keeps new events waiting unsent, and shows its admin why', async () => {
    await createReleasesAtOnce(server, carrier, 1, terminal);
    await failUntil(webhookPauseRule.failures - 1);
    expect(await shown()).toMatchObject({ state: 'active', lastError: 'HTTP 503', waiting: 1 });
    // Failures within seconds pause nothing; the same run lasting 11 minutes does.
    await failUntil(webhookPauseRule.failures);
    expect((await shown()).state).toBe('active');
    await server
      .knex('webhook_endpoints')
      .where({ id: endpointId })
      .update({ failing_since: server.knex.raw(`now() - interval '11 minutes'`) });
    await tryAgain();
    const paused = await shown();
    expect(paused).toMatchObject({ state: 'paused', lastError: 'HTTP 503', waiting: 1 });
    expect(Date.parse(paused.pausedAt)).toBeGreaterThan(Date.now() - 60_000);

    await createReleasesAtOnce(server, carrier, 2, terminal);
    const tries = receiver.received.length;
    await tryAgain();
    await tryAgain();
    expect(receiver.received.length).toBe(tries);
    const waiting = await laneRows(server, lane).whereNull('delivered_at');
    expect(waiting).toHaveLength(3);
    for (const row of waiting) expect(row.available_at).toBe(Infinity);
    const log = await api(`webhook-deliveries?endpointId=${endpointId}`, {
      token: carrier.tokens[0],
    });
    expect(log.body.data.map((d: { status: string }) => d.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(await shown()).toMatchObject({ state: 'paused', waiting: 3 });
  });

  it('lets only its own admin resume it', async () => {
    const resume = (token: string) =>
      api(`webhook-endpoints/${endpointId}`, { method: 'PATCH', token, body: { resume: true } });
    expect((await resume(outsider.tokens[0]!)).status).toBe(404);
    expect((await resume(carrier.tokens[1]!)).status).toBe(403);
    expect((await shown()).state).toBe('paused');
  });

  it('on resume sends what waited, each once and from a first try; what waited past 7 days is dropped, and the log says so', async () => {
    const [oldest, middle, newest] = await laneRows(server, lane);
    // The newest delivery has waited 8 days (its delivery and outbox rows share the queue time).
    const eightDaysAgo = server.knex.raw(`now() - interval '8 days'`);
    await server.knex('outbox').where({ id: newest.id }).update({ created_at: eightDaysAgo });
    await server
      .knex('webhook_deliveries')
      .where({ id: newest.payload.deliveryId })
      .update({ created_at: eightDaysAgo });

    receiver.behaviour.mode = 'ok';
    const resumed = await api(`webhook-endpoints/${endpointId}`, {
      method: 'PATCH',
      token: carrier.tokens[0],
      body: { resume: true },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ state: 'active', pausedAt: null, lastError: null });
    await wake();

    const accepted = receiver.accepted().map((r) => r.headers['x-scr-delivery-id']);
    expect(accepted.sort()).toEqual(
      [String(oldest.payload.deliveryId), String(middle.payload.deliveryId)].sort(),
    );
    expect((await server.knex('outbox').where({ id: oldest.id }).first()).attempts).toBe(1);
    const log = await api(`webhook-deliveries?endpointId=${endpointId}`, {
      token: carrier.tokens[0],
    });
    const byId = new Map(log.body.data.map((d: { id: number }) => [d.id, d]));
    expect(byId.get(Number(newest.payload.deliveryId))).toMatchObject({
      status: 'expired',
      lastError: 'Not delivered within 7 days: dropped',
    });
    expect(byId.get(Number(oldest.payload.deliveryId))).toMatchObject({ status: 'delivered' });
    expect(await shown()).toMatchObject({ state: 'active', waiting: 0 });

    await tryAgain();
    expect(receiver.accepted()).toHaveLength(2);
  });

  it('drops what a paused endpoint kept past 7 days, in the sweep every instance schedules', async () => {
    receiver.behaviour.mode = 'fail';
    await server.knex('webhook_endpoints').where({ id: endpointId }).update({
      paused_at: server.knex.fn.now(),
    });
    await createReleasesAtOnce(server, carrier, 1, terminal);
    await wake();
    const [kept] = await laneRows(server, lane).whereNull('delivered_at').whereNull('failed_at');
    expect(kept.available_at).toBe(Infinity);
    expect(await dropExpiredDeliveries(server.knex)).toBe(0);
    await server
      .knex('outbox')
      .where({ id: kept.id })
      .update({ created_at: server.knex.raw(`now() - interval '7 days 1 minute'`) });
    expect(await dropExpiredDeliveries(server.knex)).toBe(1);
    expect(await server.knex('outbox').where({ id: kept.id }).first()).toMatchObject({
      last_error: 'Not delivered within 7 days: dropped',
    });
    const delivery = await server
      .knex('webhook_deliveries')
      .where({ id: kept.payload.deliveryId })
      .first();
    expect(delivery).toMatchObject({ status: 'expired' });
  });
});
