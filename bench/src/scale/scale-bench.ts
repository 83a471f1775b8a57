import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import knex from 'knex';
import { startPrivateRedis } from '../../../packages/server/src/test/private-redis.ts';
import { seedOverview } from '../seed-overview.ts';
import { removeTransferWorlds } from '../transfer-world.ts';
import { benchBlock } from './block-bench.ts';
import { benchFanout } from './fanout-bench.ts';
import { benchOverviewLoad } from './overview-load-bench.ts';
import { startServer, type ServerProcess, type ServerSettings } from './server-process.ts';

/** The parts of the suite (BENCH_SCALE_PARTS), all by default. */
export type ScalePart = 'overview' | 'fanout' | 'fanout2' | 'block';

export interface ScaleOptions {
  parts: readonly ScalePart[];
  clients: number;
  releases: number;
  rounds: number;
  bulkReleases: number;
  timeoutMs: number;
}

const label = (what: string) => `[postgres] ${what}`;
/** Other work on the machine shows in the tails: the load average before each part. */
const loadLine = (part: string) =>
  console.log(
    label(
      `scale ${part}: load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    ),
  );

/**
 * The figures of running at port scale (bench suite `scale`, PostgreSQL only): the server under
 * measurement runs as `npm run serve` runs it, the built bundle in a process of its own
 * (`server-process.ts`), so that the bench's 1,000 sockets and its signing share neither its
 * event loop nor its memory; its event loop and RSS are read from inside it
 * (`server-probe.mjs`). Parts: the overview's first pages under load and their statements
 * (`overview`), live notices with 1,000 sockets on one instance (`fanout`) and on two joined
 * by a private Redis (`fanout2`), the largest event-loop block of a 10,000-release bulk action
 * (`block`). Answers whether item 5's budgets hold.
 */
export async function benchScale(databaseUrl: string, options: ScaleOptions): Promise<boolean> {
  const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 4 } });
  const settings: ServerSettings = {
    databaseUrl,
    // Every instance behind one address, as behind a load balancer: the tokens' audience.
    publicUrl: 'http://127.0.0.1:8080',
    authSecret: randomBytes(32).toString('hex'),
    serverPrivateKey: `0x${randomBytes(32).toString('hex')}`,
  };
  const signing = { secret: settings.authSecret, audience: settings.publicUrl };
  const atIssueSize = options.clients === 1000 && options.releases === 1000;
  const has = (part: ScalePart) => options.parts.includes(part);
  let ok = true;
  const running: ServerProcess[] = [];
  const start = async (extra: Partial<ServerSettings> = {}) => {
    const server = await startServer({ ...settings, ...extra });
    running.push(server);
    return server;
  };
  const stopAll = async () => void (await Promise.all(running.splice(0).map((s) => s.stop())));
  /**
   * One part on servers of its own (a fresh start each, so that no part inherits another's heap):
   * a part that fails (a server that dies, a call that times out) is reported and the next runs.
   */
  const part = async (name: string, measure: () => Promise<boolean | void>) => {
    loadLine(name);
    try {
      ok = (await measure()) !== false && ok;
    } catch (error) {
      ok = false;
      console.log(label(`scale ${name} FAILED: ${(error as Error).message.slice(0, 3000)}`));
    } finally {
      await stopAll();
      await removeTransferWorlds(db).catch(() => 0);
    }
  };
  const one = label('1 instance:');
  try {
    // The first start migrates the database; the seed and the worlds need its tables.
    await start();
    const leftovers = await removeTransferWorlds(db);
    if (leftovers > 0) console.log(label(`removed ${leftovers} releases of earlier runs`));
    await stopAll();
    if (has('overview')) {
      await part('overview', async () => {
        const subject = await seedOverview(db, { releases: 1_000_000, chunk: 100_000 }, (line) =>
          console.log(label(line)),
        );
        await benchOverviewLoad(db, signing, await start(), subject, one);
      });
    }
    if (has('fanout')) {
      const budgets = atIssueSize
        ? ({
            notices: { metric: 'p95', maxMs: 1000 },
            http: { metric: 'p95', maxMs: 100 },
          } as const)
        : undefined;
      await part('fan-out, one instance', async () =>
        benchFanout(db, signing, [await start()], one, options, budgets),
      );
    }
    if (has('block')) {
      const budget = options.bulkReleases === 10_000 ? 100 : undefined;
      await part('bulk block', async () =>
        benchBlock(db, signing, await start(), one, options.bulkReleases, budget),
      );
    }
    if (has('fanout2')) {
      const redis = await startPrivateRedis();
      try {
        await part('fan-out, two instances', async () => {
          /**
           * An instance joined to the others: `/health` (readiness) answers 200 only once its
           * live events through the Redis stream work (`events` up), which `start` waits for.
           */
          const startSubscribed = async (name: string) => {
            const server = await start({ redisUrl: redis.url });
            console.log(label(`2 instances: instance ${name} ready, its live events joined`));
            return server;
          };
          // One after the other: the first start migrates, the second finds it done.
          const a = await startSubscribed('A');
          const b = await startSubscribed('B');
          const restart = async (server: ServerProcess) => {
            await server.stop();
            running.splice(running.indexOf(server), 1);
            return startSubscribed('restarted');
          };
          await benchFanout(
            db,
            signing,
            [a, b],
            label('2 instances:'),
            options,
            undefined,
            restart,
          );
        });
      } finally {
        await redis.stop();
      }
    }
  } finally {
    await stopAll();
    await db.destroy();
  }
  return ok;
}
