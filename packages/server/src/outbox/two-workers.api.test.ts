import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { createLogger } from '../logger.ts';
import { enqueue } from '../mail/outbox.ts';
import { signedInOrganization } from '../test/admin-kit.ts';
import { releaseTerminal } from '../test/factories-releases.ts';
import {
  createReleasesAtOnce,
  onPostgres,
  registerEndpoint,
  twoInstancesOnOneDatabase,
} from '../test/outbox-lanes.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { webhookReceiver } from '../test/webhook-receiver.ts';
import { webhookLanePolicy } from '../webhooks/deliver-webhook.ts';
import type { LanePolicy } from './lane-policy.ts';
import { createOutboxWorker } from './lane-worker.ts';

/*
 * Issue 42 item 6: "a lease always outlasts the work it covers, so nothing is sent twice". On
 * main a batch of 20 rows was leased for 60 s and sent one after another, 5 s a row: past the
 * lease a second worker took rows the first had not reached, and sent them again. Here a row is
 * leased just before its own try, for the try's timeout and a margin.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.stop());

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });

describe('issue 42 item 6: two workers never deliver one row twice', () => {
  it('on one database, with a receiver slower than a lease covering a lane’s work, and a first try slower than its timeout', async () => {
    // Scaled down: a lease of 3 s (2 s a try, 1 s margin), while each lane has 10 rows of
    // 0.4 s, 4 s of work: what one lease over a batch would not have covered.
    const policy: LanePolicy = {
      concurrency: 2,
      timeoutMs: 2_000,
      leaseMarginMs: 1_000,
      maxAttempts: 5,
      backoffBaseMs: 100,
      backoffCapMs: 200,
    };
    const topic = `two-workers-${process.pid}-${Date.now()}`;
    const lanes = ['a', 'b', 'c'].map((name) => `${topic}:${name}`);
    const running = new Map<string, number>();
    const perLane = new Map<string, number>();
    const delivered = new Map<string, number>();
    const calls = new Map<string, number>();
    let overlaps = 0;
    let mostAtOnce = 0;
    const handle = async (
      payload: { key: string; slowFirst?: boolean },
      context: { attempt: number; lane: string; signal: AbortSignal },
    ) => {
      calls.set(payload.key, (calls.get(payload.key) ?? 0) + 1);
      if ((running.get(payload.key) ?? 0) > 0) overlaps += 1;
      running.set(payload.key, (running.get(payload.key) ?? 0) + 1);
      perLane.set(context.lane, (perLane.get(context.lane) ?? 0) + 1);
      mostAtOnce = Math.max(mostAtOnce, perLane.get(context.lane)!);
      try {
        await sleep(payload.slowFirst && context.attempt === 1 ? 3_000 : 400, context.signal);
        delivered.set(payload.key, (delivered.get(payload.key) ?? 0) + 1);
      } finally {
        running.set(payload.key, running.get(payload.key)! - 1);
        perLane.set(context.lane, perLane.get(context.lane)! - 1);
      }
    };
    const keys: string[] = [];
    await inTransaction(server.knex, async (trx) => {
      for (const lane of lanes) {
        for (let i = 0; i < 10; i += 1) {
          const key = `${lane}/${i}`;
          keys.push(key);
          await enqueue(trx, topic, { key, slowFirst: i === 0 }, { lane });
        }
      }
    });
    const logger = createLogger('silent');
    const workers = [1, 2].map(() =>
      createOutboxWorker({
        knex: server.knex,
        topics: { [topic]: { handle, policy } },
        logger,
        intervalMs: 20,
      }),
    );
    onTestFinished(async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
    });
    for (const worker of workers) worker.start();

    await waitFor('every row delivered', () => keys.every((key) => delivered.has(key)), {
      timeoutMs: 60_000,
    });
    await Promise.all(workers.map((worker) => worker.wake()));
    expect(overlaps).toBe(0);
    expect([...delivered.values()].every((times) => times === 1)).toBe(true);
    expect(delivered.size).toBe(keys.length);
    expect(mostAtOnce).toBeLessThanOrEqual(policy.concurrency);
    const rows = await server.knex('outbox').where({ topic }).orderBy('id');
    // Each row's attempts are the tries its handler saw: none counted twice, none lost.
    const keyOf = new Map(rows.map((row, i) => [String(row.id), keys[i]!]));
    expect(rows.every((row) => row.delivered_at !== null)).toBe(true);
    // The slow first tries timed out and went again (after their lease had ended: no overlap).
    for (const lane of lanes) expect(calls.get(`${lane}/0`)).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.attempts === calls.get(keyOf.get(String(row.id))!))).toBe(true);
  });
});

describe.skipIf(!onPostgres())('issue 42 item 6: two instances on one PostgreSQL database', () => {
  it('share one endpoint’s deliveries: each event once, never more at once than its lane allows', async () => {
    const instances = await twoInstancesOnOneDatabase();
    onTestFinished(() => instances.stop());
    const { a, b } = instances;
    const receiver = await webhookReceiver();
    onTestFinished(() => receiver.close());
    // Slower than one try's worth of the old batch: 1.5 s an answer, 10 events.
    receiver.behaviour.delayMs = 1_500;
    const carrier = await signedInOrganization(a, { role: 'carrier' });
    await registerEndpoint(a, carrier, receiver.url);
    await createReleasesAtOnce(a, carrier, 10, await releaseTerminal(a.knex));
    void a.portal.app.get('outbox')!.wake();
    void b.portal.app.get('outbox')!.wake();
    await waitFor('every event delivered', () => receiver.accepted().length >= 10, {
      timeoutMs: 60_000,
    });
    await Promise.all([a, b].map((instance) => instance.portal.app.get('outbox')!.wake()));
    const ids = receiver.received.map((r) => r.headers['x-scr-event-id']);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    expect(receiver.maxInFlight()).toBeLessThanOrEqual(webhookLanePolicy.concurrency);
    const claimedBy = await a
      .knex('webhook_deliveries')
      .where({ status: 'delivered' })
      .pluck('attempts');
    expect(claimedBy).toEqual(Array(10).fill(1));
  });
});
