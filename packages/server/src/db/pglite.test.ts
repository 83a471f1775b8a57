import { rmSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleWithin } from '../kit/settle-within.ts';
import { testSharedBuffersMb } from '../test/global-setup.ts';
import { seedDataDir, tempDir } from '../test/start-app.ts';
import { openPglite, pgliteKnexConfig } from './pglite.ts';

/** A query's answer, or the word `hung` when none came within `ms`. */
async function answerWithin(query: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  try {
    return await Promise.race([query, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Issue 42 item 7: the hang of a first start on a loaded machine. PGlite took longer to open than
 * the pool's create timeout; the pool gave its first client up and made another, both on the one
 * connection object PGlite's pg adapter had, and closing the first removed the listeners of the
 * second: every later query waited for ever. The same timing, made certain: the engine (open
 * already) reaches the pool a second late, as a slow open does, and the pool gives a client up
 * after 100 ms. On main (one connection object for all clients) a round said `hung`.
 */
describe('issue 42 item 7: knex on PGlite while the engine is slow to open', () => {
  let dataDir: string;
  let pglite: PGlite;
  beforeAll(async () => {
    dataDir = seedDataDir(tempDir('scr-pglite-open-'));
    ({ pglite } = openPglite(dataDir, testSharedBuffersMb));
    await pglite.waitReady;
  });
  afterAll(async () => {
    await pglite?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A pool on the engine, which it sees opening for a second (an engine still on its way). */
  function poolOnSlowOpen(): Knex {
    const opening = new Promise<PGlite>((resolve) => setTimeout(() => resolve(pglite), 1_000));
    const config = pgliteKnexConfig(() => opening);
    return knexFactory({
      ...config,
      acquireConnectionTimeout: 5_000,
      pool: { ...(config.pool as object), createTimeoutMillis: 100 },
      log: { warn: () => undefined, error: () => undefined, debug: () => undefined },
    });
  }

  // Three rounds: on main one round or another hung, not always the same.
  it.each([1, 2, 3])(
    'answers once the engine is open, although the pool gave clients up meanwhile (round %i)',
    async () => {
      const knex = poolOnSlowOpen();
      try {
        let answers: unknown[] = [];
        // As the start-up retries: each attempt fails at once while the pool's create times out.
        for (let attempt = 1; attempt <= 100 && answers.length === 0; attempt += 1) {
          const answer = await answerWithin(
            knex.raw('select 1 as one').then(({ rows }) => rows as unknown[]),
            10_000,
          ).catch(() => []);
          expect(answer).not.toBe('hung');
          answers = answer as unknown[];
          if (answers.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(answers).toEqual([{ one: 1 }]);
        const next = await answerWithin(
          knex.raw('select 2 as two').then(({ rows }) => rows as unknown[]),
          10_000,
        );
        expect(next).toEqual([{ two: 2 }]);
      } finally {
        // A pool with a hung query never finishes destroying.
        await settleWithin(knex.destroy(), 2_000);
      }
    },
  );
});
