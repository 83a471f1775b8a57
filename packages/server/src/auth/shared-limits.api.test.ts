import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lookupRule, signInLimits, slowingDelayMs } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callAs, freshClient, type ClientAnswer, type ClientCall } from '../test/client-calls.ts';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { takePostgresDatabase, type PostgresDatabase } from '../test/postgres-pool.ts';
import { startPrivateRedis, type PrivateRedis } from '../test/private-redis.ts';
import { signIn } from '../test/sign-in.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';

/**
 * Issue 42 item 2: every limit of the sign-in endpoints is counted once for all instances. Two
 * apps on one PostgreSQL database (PGlite has one process per database: this file needs the
 * api-postgres project), once counting in the database and once in a Redis of the test's own;
 * calls alternate between them, so a limit counted per instance would let twice its budget
 * through. The test process stands in for the proxy (TRUST_PROXY=1), each test a client of its own.
 */
const onPostgres = !!inject('testDatabaseUrl');
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

const callsPerMinute = 25;
const lookupsPerClient = 3;
const lookups = lookupRule(lookupsPerClient);
/** A login link that was never issued: answered empty, spending only the address's budget. */
const loginLinkPath = () => `find-user?token=${randomBytes(32).toString('base64url')}`;

interface Pair {
  a: TestServer;
  b: TestServer;
  redis: PrivateRedis | null;
}

async function startPair(database: PostgresDatabase, redis: PrivateRedis | null): Promise<Pair> {
  const env = {
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SERVER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
    TRUST_PROXY: '1',
    SIGN_IN_CALLS_PER_IP_PER_MINUTE: String(callsPerMinute),
    SIGN_IN_LOOKUPS_PER_ACCOUNT: String(lookupsPerClient),
    ...(redis ? { REDIS_URL: redis.url } : {}),
  };
  const [a, b] = await Promise.all([
    startTestApp({ databaseUrl: database.url, env }),
    startTestApp({ databaseUrl: database.url, env }),
  ]);
  return { a, b, redis };
}

/** `count` calls from one client, alternating between the two apps; their answers in order. */
async function spread(pair: Pair, count: number, path: string, call: ClientCall) {
  const answers: ClientAnswer[] = [];
  for (let i = 0; i < count; i += 1) {
    answers.push(await callAs((i % 2 === 0 ? pair.a : pair.b).baseUrl, path, call));
  }
  return answers;
}

const statusesOf = (answers: ClientAnswer[]) => answers.map((answer) => answer.status);
const times = (count: number, status: number) => Array<number>(count).fill(status);

function sharesEveryLimit(name: string, pair: () => Pair) {
  describe(name, () => {
    it('counts the sign-in call budget of each endpoint once, with the time to wait', async () => {
      const endpoints: Array<[string, ClientCall, number]> = [
        // Login links (`?token=`) and e-mail lookups share find-user's budget.
        [loginLinkPath(), {}, 200],
        ['authentication-challenges', { body: { address: `0x${'12'.repeat(20)}` } }, 201],
      ];
      for (const [path, call, ok] of endpoints) {
        const client = { ...call, forwardedFor: freshClient() };
        const answers = await spread(pair(), callsPerMinute + 2, path, client);
        expect(statusesOf(answers)).toEqual([...times(callsPerMinute, ok), 429, 429]);
        const refused = answers.at(-1)!;
        expect(refused.body.data?.code).toBe('too_many_requests');
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
        expect(refused.body.data?.retryAfterSeconds).toBe(Number(refused.retryAfter));
      }
    });

    it("counts a client's failed sign-ins once", async () => {
      const org = await createWalletOrganization(pair().a.knex);
      const limit = signInLimits.signInFailuresPerClient.limit;
      const answers = await spread(pair(), limit + 2, 'authentication', {
        body: { strategy: 'wallet', userId: org.users[0]!.id, message: 'x', signature: 'y' },
        forwardedFor: freshClient(),
      });
      expect(statusesOf(answers)).toEqual([...times(limit, 401), 429, 429]);
    });

    it('counts the e-mail lookups of one address by one client once, and slows all clients together past the ceiling', async () => {
      const email = `limits-${randomBytes(4).toString('hex')}@limits.test`;
      const path = `find-user?email=${encodeURIComponent(email)}`;
      const first = freshClient();
      const own = await spread(pair(), lookupsPerClient + 2, path, { forwardedFor: first });
      expect(statusesOf(own)).toEqual([...times(lookupsPerClient, 200), 429, 429]);
      // More clients, up to the ceiling over all of them: none slowed, none refused.
      const clients = lookups.perSubject.ceiling / lookupsPerClient - 1;
      for (let i = 0; i < clients; i += 1) {
        const answers = await spread(pair(), lookupsPerClient, path, {
          forwardedFor: freshClient(),
        });
        expect(statusesOf(answers)).toEqual(times(lookupsPerClient, 200));
      }
      // Past it, a client that has not over-used the address is slowed, never refused.
      const late = await spread(pair(), 2, path, { forwardedFor: freshClient() });
      expect(statusesOf(late)).toEqual([200, 200]);
      const ceiling = lookups.perSubject.ceiling;
      late.forEach((answer, i) => {
        expect(answer.ms).toBeGreaterThanOrEqual(
          slowingDelayMs(ceiling + 1 + i, lookups.perSubject) - 5,
        );
      });
    });

    it('counts two-factor sends and validations per user once', async () => {
      const { a } = pair();
      const org = await createWalletOrganization(a.knex, { users: [{ twoFactorByEmail: true }] });
      const { accessToken } = await signIn(a.baseUrl, org.users[0]!.id, factoryPassword);
      const authorization = `Bearer ${accessToken}`;
      const sends = signInLimits.twoFactorSendsPerUser.limit;
      expect(
        statusesOf(await spread(pair(), sends + 1, 'two-factor/auth/email', { authorization })),
      ).toEqual([...times(sends, 200), 429]);
      const tries = signInLimits.twoFactorValidationsPerUser.limit;
      const answers = await spread(pair(), tries + 1, 'two-factor/auth/email/validate', {
        authorization,
        body: { code: 'not-a-code' },
      });
      expect(statusesOf(answers)).toEqual([...times(tries, 400), 429]);
    });

    it("counts a client's failed itsme registrations once", async () => {
      const limit = signInLimits.itsmeFailuresPerClient.limit;
      const answers = await spread(pair(), limit + 1, 'driver/itsme', {
        authorization: `Bearer ${randomBytes(32).toString('base64url')}`,
        body: { itsmeCode: 'code' },
        forwardedFor: freshClient(),
      });
      expect(statusesOf(answers)).toEqual([...times(limit, 400), 429]);
    });
  });
}

describe.runIf(onPostgres)('issue 42 item 2: limits counted once for all instances', () => {
  describe('in the database (no Redis)', () => {
    let database: PostgresDatabase;
    let pair: Pair;
    beforeAll(async () => {
      database = (await takePostgresDatabase())!;
      pair = await startPair(database, null);
    });
    afterAll(async () => {
      await Promise.all([pair?.a.stop(), pair?.b.stop()]);
      await database?.release();
    });
    sharesEveryLimit('two apps on one database', () => pair);
  });

  describe.runIf(hasRedis)('in Redis, with the database standing in while it is away', () => {
    let database: PostgresDatabase;
    let pair: Pair;
    beforeAll(async () => {
      database = (await takePostgresDatabase())!;
      const redis = await startPrivateRedis();
      pair = await startPair(database, redis);
    });
    afterAll(async () => {
      await Promise.all([pair?.a.stop(), pair?.b.stop()]);
      await pair?.redis?.stop();
      await database?.release();
    });
    sharesEveryLimit('two apps on one database and one Redis', () => pair);

    it('keeps counting, in the database, without an error, when Redis stops mid-test', async () => {
      const client = freshClient();
      const path = loginLinkPath();
      const before = await spread(pair, 4, path, { forwardedFor: client });
      expect(statusesOf(before)).toEqual(times(4, 200));
      const key = `limit:calls:find-user:${client}`;
      expect(await pair.a.knex('shared_state').where({ key }).first()).toBeUndefined();

      await pair.redis!.stop();
      // The database's count starts where Redis's was lost: a full budget, then the refusal,
      // and never a 5xx on the way.
      const during = await spread(pair, callsPerMinute + 1, path, { forwardedFor: client });
      expect(statusesOf(during)).toEqual([...times(callsPerMinute, 200), 429]);
      const row = await pair.a.knex('shared_state').where({ key }).first('count');
      expect(row.count).toBe(callsPerMinute + 1);

      await pair.redis!.start();
      await waitFor(
        'both apps to count in Redis again',
        async () => {
          const back = freshClient();
          const answers = await spread(pair, 2, path, { forwardedFor: back });
          expect(statusesOf(answers)).toEqual([200, 200]);
          const counted = await pair.a
            .knex('shared_state')
            .where({ key: `limit:calls:find-user:${back}` });
          return counted.length === 0;
        },
        { timeoutMs: 20_000 },
      );
    });
  });
});
