import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { readinessOf } from '../http/readiness.ts';
import { createLogger } from '../logger.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { topicsOf } from './lane-policy.ts';
import { createOutboxWorker } from './lane-worker.ts';
import { outboxReadiness, outboxStuckAfterMs } from './outbox-readiness.ts';

/*
 * Issue 42 item 4 (readiness, "outbox worker alive"): the outbox registers a readiness part,
 * down when its poll has not completed a round within 30 s, a stuck loop, with how long.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.stop());

describe('issue 42: the outbox worker in readiness', () => {
  it('registers its part with the app, up while its poll goes round', async () => {
    expect(outboxStuckAfterMs).toBe(30_000);
    const report = await readinessOf(server.portal.app).report();
    expect(report.parts.outbox).toEqual({ state: 'up' });
  });

  it('is down, saying for how long, while its poll cannot complete a round, and up when it can', async () => {
    const worker = createOutboxWorker({
      knex: server.knex,
      topics: topicsOf({ [`readiness-${process.pid}`]: async () => undefined }),
      logger: createLogger('silent'),
      intervalMs: 50,
    });
    onTestFinished(() => worker.stop());
    worker.start();
    const check = outboxReadiness(worker.health, 500);
    await waitFor('a first round', () => worker.health.lastRoundAt !== null);
    expect(check()).toEqual({ state: 'up' });

    // The outbox table locked away from the poll: its round cannot complete.
    const trx = await server.knex.transaction();
    try {
      await trx.raw('lock table outbox in access exclusive mode');
      await waitFor('the part to be down', async () => (await check()).state === 'down');
      const report = await check();
      expect(report.detail).toMatch(/^no poll round completed for \d+ s \(limit 0.5 s\)/);
    } finally {
      await trx.rollback();
    }
    await waitFor('the part to be up again', async () => (await check()).state === 'up');
  });
});
