import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { capturedLog } from '../test/captured-log.ts';
import { testSharedBuffersMb } from '../test/global-setup.ts';
import { seedDataDir, startTestApp, tempDir } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { bootstrapDatabase, initialProgress, type BootstrapResult } from './bootstrap.ts';
import { openPglite, pgliteDir } from './pglite.ts';

/** Issue 42 item 7: a start that never hangs, and says what it waits for. */

const dirs: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The data folder's migrated PGlite, open, its pool's connection made; then the pool's acquire
 * timeout is cut to `acquireMs` (a loaded machine's 30 s against a minute's query, in miniature).
 */
async function migratedPglite(acquireMs: number): Promise<{ pglite: PGlite; knex: Knex }> {
  const dataDir = seedDataDir(tempDir('scr-bootstrap-'));
  dirs.push(dataDir);
  const { pglite, knexConfig } = openPglite(dataDir, testSharedBuffersMb);
  const knex = knexFactory(knexConfig);
  cleanups.push(async () => {
    await knex.destroy();
    await pglite.close();
  });
  await knex.raw('select 1');
  (knex.client as { pool: { acquireTimeoutMillis: number } }).pool.acquireTimeoutMillis = acquireMs;
  return { pglite, knex };
}

/** Runs the start-up on it, as app.ts does. */
function bootstrap(pglite: PGlite, knex: Knex) {
  const log = capturedLog('info');
  const progress = { current: initialProgress('pglite') };
  const ready: BootstrapResult[] = [];
  const done = bootstrapDatabase({
    database: { knex, kind: 'pglite', poolMax: 1, open: async () => void (await pglite.waitReady) },
    logger: log.logger,
    signal: new AbortController().signal,
    progress,
    onReady: (result) => ready.push(result),
  });
  return { done, log, progress, ready };
}

describe('issue 42 item 7: the start-up of the embedded database', () => {
  it('waits out a long transaction holding PGlite’s one connection, logging each attempt and its delay', async () => {
    // What a loaded machine did: the pool's acquire timed out while a long transaction held the
    // one connection (a statement alone runs synchronously in PGlite and holds the event loop).
    const { pglite, knex } = await migratedPglite(300);
    const holder = knex.transaction(async (trx) => {
      await trx.raw('select 1');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    });
    const pool = (knex.client as { pool: { numUsed(): number } }).pool;
    await waitFor('the transaction to hold the connection', () => pool.numUsed() === 1);
    const { done, log, progress, ready } = bootstrap(pglite, knex);
    await holder;
    await done;

    expect(ready).toEqual([{ migrations: [], demoLoaded: false }]);
    expect(progress.current).toEqual({ state: 'done', migrations: [] });
    const failures = log.lines.filter((line) => line.msg.startsWith('database not ready'));
    expect(failures.length).toBeGreaterThanOrEqual(1);
    failures.forEach((line, index) => {
      expect(line).toMatchObject({
        level: 'warn',
        attempt: index + 1,
        waitingFor: 'a connection',
        retryInMs: 250 * 2 ** index,
        reason: expect.stringContaining('Timeout acquiring a connection'),
      });
      expect(line.msg).toBe(
        `database not ready (waiting for a connection); attempt ${index + 2} in ${250 * 2 ** index} ms`,
      );
    });
    expect(log.lines.map((line) => line.msg)).toContain(
      'waiting for opening the embedded database',
    );
    expect(log.lines).toContainEqual(
      expect.objectContaining({ msg: 'waiting for a connection', attempt: 2 }),
    );
  });

  it('frees the migration lock a process killed while migrating left behind', async () => {
    const { pglite, knex } = await migratedPglite(30_000);
    await knex('knex_migrations_lock').update({ is_locked: 1 });
    const { done, log, ready } = bootstrap(pglite, knex);
    await done;
    expect(ready).toHaveLength(1);
    expect(log.lines.filter((line) => line.level === 'warn')).toEqual([]);
    expect(await knex('knex_migrations_lock').select('is_locked')).toEqual([{ is_locked: 0 }]);
  });

  it(
    'opens the folder again after a failed open, readiness saying what it waits for',
    { timeout: 90_000 },
    async () => {
      // A folder PGlite refuses to open, as a half-written one after a crash in initdb could be.
      const dataDir = tempDir('scr-bootstrap-bad-');
      dirs.push(dataDir);
      mkdirSync(pgliteDir(dataDir), { recursive: true });
      writeFileSync(join(pgliteDir(dataDir), 'PG_VERSION'), '9\n');
      const log = capturedLog('info');
      const server = await startTestApp({ dataDir, logger: log.logger, waitForHealthy: false });
      cleanups.push(() => server.stop());
      await waitFor('a failed open', () =>
        log.lines.some(
          (line) => line.waitingFor === 'opening the embedded database' && line.reason,
        ),
      );
      const answer = await fetch(`${server.baseUrl}/health/ready`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({
        status: 'unavailable',
        parts: {
          database: {
            state: 'down',
            detail: expect.stringMatching(/^waiting for opening the embedded database/),
          },
          migrations: {
            state: 'down',
            detail: expect.stringMatching(/^waiting for opening the embedded database/),
          },
        },
      });
      expect((await fetch(`${server.baseUrl}/health/live`)).status).toBe(200);

      // The folder repaired (here: the run's migrated database put in its place).
      rmSync(pgliteDir(dataDir), { recursive: true, force: true });
      seedDataDir(dataDir);
      await expect(server.portal.ready).resolves.toMatchObject({ demoLoaded: false });
      expect((await fetch(`${server.baseUrl}/health/ready`)).status).toBe(200);
      const failure = log.lines.find((line) => line.reason)!;
      expect(failure).toMatchObject({ attempt: 1, retryInMs: 250 });
    },
  );

  it(
    'creates a first start’s database off the event loop: the process answers meanwhile',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir('scr-bootstrap-first-');
      dirs.push(dataDir);
      const log = capturedLog('info');
      const server = await startTestApp({ dataDir, logger: log.logger, waitForHealthy: false });
      cleanups.push(() => server.stop());
      // initdb runs for seconds (a minute on a loaded machine); on the main thread no probe answered.
      let answeredWhileCreating = 0;
      while (!existsSync(join(pgliteDir(dataDir), 'PG_VERSION'))) {
        const live = await fetch(`${server.baseUrl}/health/live`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (live.status === 200 && !existsSync(join(pgliteDir(dataDir), 'PG_VERSION'))) {
          answeredWhileCreating += 1;
        }
      }
      expect(answeredWhileCreating).toBeGreaterThan(0);
      await expect(server.portal.ready).resolves.toMatchObject({ demoLoaded: false });
      expect(log.lines.map((line) => line.msg)).toContain(
        'embedded database created (first start)',
      );
      expect(readdirSync(dataDir).filter((entry) => entry.startsWith('pglite.'))).toEqual([]);
    },
  );
});
