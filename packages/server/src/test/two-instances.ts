import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { readinessOf } from '../http/readiness.ts';
import { takePostgresDatabase } from './postgres-pool.ts';
import { startPrivateRedis, type PrivateRedis } from './private-redis.ts';
import { startTestApp, type TestServer } from './start-app.ts';
import { waitFor } from './wait-for.ts';

/**
 * Two instances need one PostgreSQL database (PGlite has one process per database) and a Redis
 * server binary to start (DESIGN §2 "Scale out").
 */
export const twoInstancesPossible = () =>
  spawnSync('redis-server', ['--version']).status === 0 && !!inject('testDatabaseUrl');

/** How an instance's readiness part `events` stands (`up`, `degraded`), with its detail. */
export async function eventsPart(server: TestServer) {
  return (await readinessOf(server.portal.app).report()).parts.events;
}

/** Waits until the live events between instances work on each of these instances. */
export async function eventsUp(...servers: TestServer[]): Promise<void> {
  for (const server of servers) {
    await waitFor(
      'live events between instances to work',
      async () => (await eventsPart(server))?.state === 'up',
    );
  }
}

/**
 * Two portal instances on one PostgreSQL database, sharing live events through a Redis server of
 * the test's own (`redis`, which the test may stop, freeze and start), signing tokens and ledger
 * events alike. With `redisStopped` they start while that Redis is down. `stop` ends both and
 * the Redis server.
 */
export async function startTwoInstances(options: { redisStopped?: boolean } = {}): Promise<{
  a: TestServer;
  b: TestServer;
  redis: PrivateRedis;
  stop: () => Promise<void>;
}> {
  const redis = await startPrivateRedis();
  if (options.redisStopped) await redis.stop();
  const env = {
    REDIS_URL: redis.url,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SERVER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
  };
  const database = await takePostgresDatabase();
  if (!database) throw new Error('two instances need the api-postgres project');
  const databaseUrl = database.url;
  // With Redis away an instance is degraded (503 on /health/ready), not down: wait for that.
  const waitForHealthy = !options.redisStopped;
  const [a, b] = await Promise.all([
    startTestApp({ env, databaseUrl, waitForHealthy }),
    startTestApp({ env, databaseUrl, waitForHealthy }),
  ]);
  if (options.redisStopped) {
    for (const server of [a, b]) {
      await waitFor(
        'the instance to serve, degraded',
        async () => (await readinessOf(server.portal.app).report()).status === 'degraded',
      );
    }
  } else await eventsUp(a, b);
  return {
    a,
    b,
    redis,
    stop: async () => {
      // A frozen Redis would hold the instances' last commands.
      redis.resume();
      await Promise.all([a.stop(), b.stop()]);
      await database.release();
      await redis.stop();
    },
  };
}
