import { addDays, todayInBrussels } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startScheduledJob } from '../db/scheduled-job.ts';
import { signedInOrganization } from '../test/admin-kit.ts';
import { capturedLog, type LogLine } from '../test/captured-log.ts';
import { createRelease, releaseTerminal } from '../test/factories-releases.ts';
import { onPostgres, twoInstancesOnOneDatabase } from '../test/outbox-lanes.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';

/*
 * DESIGN §2 "Scheduled jobs run once across instances" (issue 42): the expiry job's schedule is
 * cut into slots of its interval, and each slot runs once, whichever instance ticks first (a
 * lease row in `scheduled_jobs`); the job itself stays idempotent.
 */
const runsOf = (lines: LogLine[], job: string) =>
  lines.filter((line) => line.msg === 'scheduled job ran' && line.job === job);

/** Slots that ran more than once, across the given logs. */
function repeatedSlots(runs: LogLine[]) {
  const counts = new Map<string, number>();
  for (const run of runs) counts.set(String(run.slot), (counts.get(String(run.slot)) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1);
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestApp({ env: { EXPIRY_JOB_INTERVAL_MS: '0' } });
});
afterAll(() => server?.stop());

describe('issue 42: a scheduled job runs once per slot across instances', () => {
  it('two schedulers on one database (PGlite’s one process too): each slot runs once, never two runs at once', async () => {
    const log = capturedLog('debug');
    const name = `test-job-${process.pid}-${Date.now()}`;
    let running = 0;
    let overlapped = false;
    const run = async () => {
      running += 1;
      overlapped ||= running > 1;
      await new Promise((resolve) => setTimeout(resolve, 60));
      running -= 1;
    };
    const jobs = [1, 2].map(() =>
      startScheduledJob({ knex: server.knex, name, intervalMs: 300, logger: log.logger, run }),
    );
    onTestFinished(async () => {
      await Promise.all(jobs.map((job) => job.stop()));
    });
    await waitFor('five slots to run', () => runsOf(log.lines, name).length >= 5);
    expect(repeatedSlots(runsOf(log.lines, name))).toEqual([]);
    expect(overlapped).toBe(false);
    const row = await server.knex('scheduled_jobs').where({ name }).first();
    expect(row.done_slot).not.toBeNull();
  });
});

describe.skipIf(!onPostgres())('issue 42: the expiry job on two instances of one database', () => {
  it('runs each slot of its schedule once, and expires a release once', async () => {
    const logs = [capturedLog('debug'), capturedLog('debug')];
    const instances = await twoInstancesOnOneDatabase(
      { env: { EXPIRY_JOB_INTERVAL_MS: '1000' } },
      logs.map((log) => log.logger),
    );
    onTestFinished(() => instances.stop());
    const { a } = instances;
    const carrier = await signedInOrganization(a, { role: 'carrier' });
    const release = await createRelease(a, carrier, {
      pickupLocation: await releaseTerminal(a.knex),
    });
    const today = todayInBrussels();
    await a
      .knex('releases')
      .where({ address: release.address })
      .update({ valid_until: addDays(today, -1), valid_from: addDays(today, -5) });

    const runs = () => logs.flatMap((log) => runsOf(log.lines, 'expiry'));
    await waitFor('five slots of the expiry schedule', () => runs().length >= 5, {
      timeoutMs: 30_000,
    });
    expect(repeatedSlots(runs())).toEqual([]);
    const expired = await a
      .knex('release_events')
      .where({ release_address: release.address, operation: 'expire' })
      .count({ n: '*' });
    expect(Number(expired[0]!.n)).toBe(1);
  });
});
