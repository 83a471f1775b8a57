import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { startPrivateRedis, type PrivateRedis } from '../test/private-redis.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { FallbackSharedStore } from './fallback-shared-store.ts';
import { KnexSharedStore } from './knex-shared-store.ts';
import { RedisLink } from './redis-link.ts';
import { RedisSharedStore } from './redis-shared-store.ts';
import type { SharedStore } from './shared-store.ts';

const logger = createLogger('silent');

/** What every shared store must do alike, whichever holds it. */
function behavesAsASharedStore(name: string, store: () => SharedStore) {
  describe(`${name} (issue 42 items 1 and 2: state every instance sees)`, () => {
    it('counts hits in a window that starts at the first', async () => {
      const key = `count-${Math.random()}`;
      const first = await store().hit(key, 60_000);
      expect(first.count).toBe(1);
      expect(first.resetAt).toBeGreaterThan(Date.now() + 50_000);
      const second = await store().hit(key, 60_000);
      expect(second.count).toBe(2);
      expect(Math.abs(second.resetAt - first.resetAt)).toBeLessThan(1_000);
      expect((await store().peek(key))?.count).toBe(2);
      await store().clear(key);
      expect(await store().peek(key)).toBeNull();
    });

    it('starts a new window once the last has ended', async () => {
      const key = `window-${Math.random()}`;
      await store().hit(key, 150);
      await store().hit(key, 150);
      await waitFor('the window to end', async () => (await store().peek(key)) === null);
      expect((await store().hit(key, 150)).count).toBe(1);
    });

    it('counts hits from many callers at once, each once', async () => {
      const key = `race-${Math.random()}`;
      const counts = await Promise.all(Array.from({ length: 20 }, () => store().hit(key, 60_000)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });

    it('keeps a value until it expires or is deleted', async () => {
      const key = `value-${Math.random()}`;
      await store().put(key, 'sealed', 60_000);
      expect(await store().get(key)).toBe('sealed');
      await store().put(key, 'replaced', 60_000);
      expect(await store().get(key)).toBe('replaced');
      await store().delete(key);
      expect(await store().get(key)).toBeNull();
      await store().put(key, 'brief', 100);
      await waitFor('the value to expire', async () => (await store().get(key)) === null);
    });
  });
}

let server: TestServer;
let redis: PrivateRedis;
let link: RedisLink;

beforeAll(async () => {
  [server, redis] = await Promise.all([startTestApp(), startPrivateRedis()]);
  link = new RedisLink(redis.url, logger);
  await waitFor('redis to connect', () => link.isUp());
});

afterAll(async () => {
  await link?.close();
  await redis?.stop();
  await server?.stop();
});

behavesAsASharedStore('the database table', () => new KnexSharedStore(server.knex));
behavesAsASharedStore('Redis', () => new RedisSharedStore(link.client));

describe('Redis with the database standing in (issue 42 item 2)', () => {
  it('counts in the database while Redis is away, finds values put meanwhile, and goes back', async () => {
    const database = new KnexSharedStore(server.knex);
    const store = new FallbackSharedStore(
      new RedisSharedStore(link.client),
      database,
      () => link.isUp(),
      logger,
    );
    const key = `fallback-${Math.random()}`;
    expect((await store.hit(key, 60_000)).count).toBe(1);
    expect(await database.peek(key)).toBeNull();

    await redis.stop();
    await waitFor('the link to notice', () => !link.isUp());
    expect((await store.hit(`${key}-db`, 60_000)).count).toBe(1);
    expect((await database.peek(`${key}-db`))?.count).toBe(1);
    await store.put(`${key}-value`, 'wrapped', 60_000);

    await redis.start();
    await waitFor('the link to reconnect', () => link.isUp(), { timeoutMs: 15_000 });
    expect(await store.get(`${key}-value`)).toBe('wrapped');
    expect((await store.hit(`${key}-back`, 60_000)).count).toBe(1);
    expect(await database.peek(`${key}-back`)).toBeNull();
    await store.delete(`${key}-value`);
    expect(await store.get(`${key}-value`)).toBeNull();
  });

  it('answers from the database, not after a hang, while Redis is frozen', async () => {
    const database = new KnexSharedStore(server.knex);
    const store = new FallbackSharedStore(
      new RedisSharedStore(link.client),
      database,
      () => link.isUp(),
      logger,
    );
    redis.pause();
    try {
      const started = Date.now();
      expect((await store.hit(`frozen-${Math.random()}`, 60_000)).count).toBe(1);
      expect(Date.now() - started).toBeLessThan(3_000);
      // The next ones do not wait for Redis again.
      const next = Date.now();
      const key = `frozen-next-${Math.random()}`;
      for (let i = 0; i < 5; i += 1) await store.hit(key, 60_000);
      expect((await database.peek(key))?.count).toBe(5);
      expect(Date.now() - next).toBeLessThan(1_000);
    } finally {
      redis.resume();
    }
    await waitFor('the link to be up again', () => link.isUp(), { timeoutMs: 20_000 });
  });
});

describe('the sweep of the table', () => {
  it('removes expired rows and keeps live ones', async () => {
    const database = new KnexSharedStore(server.knex);
    await database.put('sweep-dead', 'x', 1);
    await database.put('sweep-live', 'x', 60_000);
    await waitFor('the row to expire', async () => (await database.get('sweep-dead')) === null);
    await database.sweep();
    const keys = await server
      .knex('shared_state')
      .whereIn('key', ['sweep-dead', 'sweep-live'])
      .pluck('key');
    expect(keys).toEqual(['sweep-live']);
  });
});
