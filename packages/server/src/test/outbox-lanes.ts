import { randomBytes } from 'node:crypto';
import { webhookEventTypes } from '@scr/domain';
import { expect, inject } from 'vitest';
import type { Logger } from '../logger.ts';
import { runCreateReleases } from '../releases/create-releases.ts';
import type { ReleaseActor } from '../releases/release-actor.ts';
import { apiCaller, type SignedInOrganization } from './admin-kit.ts';
import { releasePayload } from './factories-releases.ts';
import { takePostgresDatabase } from './postgres-pool.ts';
import { startTestApp, type StartOptions, type TestServer } from './start-app.ts';

/**
 * The test kit of the outbox lanes (issue 42 items 6 and 11): endpoints registered through the
 * API, releases made in one transaction (so all their deliveries are queued at one commit), and
 * the test's clock for back-off.
 */

/** Registers an endpoint of `org` for every event type; answers its id. */
export async function registerEndpoint(server: TestServer, org: SignedInOrganization, url: string) {
  const answer = await apiCaller(server)('webhook-endpoints', {
    method: 'POST',
    token: org.tokens[0],
    body: { url, eventTypes: [...webhookEventTypes] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as number;
}

/** `count` releases of `carrier` created in one transaction: one commit queues all their events. */
export async function createReleasesAtOnce(
  server: TestServer,
  carrier: SignedInOrganization,
  count: number,
  pickupLocation: string,
) {
  const actor: ReleaseActor = {
    organizationId: carrier.id,
    organizationAddress: carrier.address,
    organizationRole: 'carrier',
    userId: null,
    apiKeyId: null,
    label: 'system',
    seesTransferInfo: true,
  };
  const payloads = await Promise.all(
    Array.from({ length: count }, () => releasePayload(server.knex, { pickupLocation })),
  );
  const { created } = await runCreateReleases(
    server.knex,
    server.portal.app.get('serverKey'),
    actor,
    payloads,
  );
  return created;
}

/** The outbox rows of a lane, oldest first. */
export const laneRows = (server: TestServer, lane: string) =>
  server.knex('outbox').where({ lane }).orderBy('id');

/**
 * The test's clock: the lane's rows waiting for their back-off are due now (never one in
 * flight, nor a parked one), as if the pause had passed.
 */
export async function backoffPassed(server: TestServer, lane: string) {
  await server
    .knex('outbox')
    .where({ lane })
    .whereNull('delivered_at')
    .whereNull('failed_at')
    .whereNull('leased_until')
    .whereNot('available_at', 'infinity')
    .update({ available_at: server.knex.fn.now() });
}

/**
 * Makes the `attempt`th try of each of the lane's rows `ids`: moves the clock past their
 * back-off and wakes the worker, unless the app's own poll already made that try (a row is due
 * at once when queued).
 */
export async function tryRows(server: TestServer, lane: string, ids: string[], attempt: number) {
  const rows = await server.knex('outbox').whereIn('id', ids).select('attempts');
  if (rows.every((row) => row.attempts >= attempt)) return;
  await backoffPassed(server, lane);
  await server.portal.app.get('outbox')!.wake();
}

/** Seconds until a row of the lane is due again, as the database sees it (null: none waits). */
export async function secondsUntilDue(server: TestServer, id: string | number) {
  const { rows } = await server.knex.raw(
    `select extract(epoch from available_at - now())::float as seconds from outbox where id = ?`,
    [id],
  );
  return rows[0]?.seconds ?? null;
}

/**
 * Asserts the pause after the `attempt`th failed try is the back-off of that try with jitter:
 * between half and all of 10 s doubled per try (a second of slack for the time since).
 */
export function expectBackoff(seconds: number, attempt: number, baseSeconds = 10) {
  const full = baseSeconds * 2 ** (attempt - 1);
  expect(seconds).toBeGreaterThan(full / 2 - 1);
  expect(seconds).toBeLessThanOrEqual(full);
}

/** Whether this project runs on PostgreSQL (several instances need one database server). */
export const onPostgres = () => !!inject('testDatabaseUrl');

/**
 * Two portal instances on one PostgreSQL database, sharing their secrets (a token or a signed
 * event of one is good on the other), without Redis: what they share here is the database.
 */
export async function twoInstancesOnOneDatabase(
  options: StartOptions = {},
  loggers: (Logger | undefined)[] = [],
) {
  const database = await takePostgresDatabase();
  if (!database) throw new Error('two instances need the api-postgres project');
  const env = {
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SERVER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
    ...options.env,
  };
  const start = (logger?: Logger) =>
    startTestApp({ ...options, env, databaseUrl: database.url, ...(logger ? { logger } : {}) });
  const [a, b] = await Promise.all([start(loggers[0]), start(loggers[1])]);
  return {
    a,
    b,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await database.release();
    },
  };
}
