import { redisCommandTimeoutMs, type RedisClient } from './redis-link.ts';
import { sharedKeyPrefix, type SharedStore, type WindowCount } from './shared-store.ts';

/**
 * The shared store in Redis: a counter is an INCR whose first hit sets the window's expiry
 * (`PEXPIRE … NX`, in the same MULTI, so a window always ends), a value a `SET … PX`. Every
 * command has a timeout of its own (`redisCommandTimeoutMs`: the client's own timeout covers only
 * a command still waiting to be written, not one a hung server never answers); a failure throws,
 * and the fallback store answers instead.
 */
export class RedisSharedStore implements SharedStore {
  constructor(private readonly client: RedisClient) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const k = sharedKeyPrefix + key;
    const [count, , ttl] = (await within(
      this.client.multi().incr(k).pExpire(k, windowMs, 'NX').pTTL(k).exec(),
    )) as unknown as [number, number, number];
    return { count: Number(count), resetAt: Date.now() + Math.max(0, Number(ttl)) };
  }

  async peek(key: string): Promise<WindowCount | null> {
    const k = sharedKeyPrefix + key;
    const [count, ttl] = (await within(this.client.multi().get(k).pTTL(k).exec())) as unknown as [
      string | null,
      number,
    ];
    if (count === null || Number(ttl) <= 0) return null;
    return { count: Number(count), resetAt: Date.now() + Number(ttl) };
  }

  async clear(key: string): Promise<void> {
    await this.delete(key);
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    await within(
      this.client.set(sharedKeyPrefix + key, value, { expiration: { type: 'PX', value: ttlMs } }),
    );
  }

  async get(key: string): Promise<string | null> {
    const value = await within(this.client.get(sharedKeyPrefix + key));
    return typeof value === 'string' ? value : null;
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length > 0) await within(this.client.del(keys.map((key) => sharedKeyPrefix + key)));
  }
}

/** A command's answer, or a rejection once `redisCommandTimeoutMs` has passed without one. */
export function within<T>(command: Promise<T>, ms = redisCommandTimeoutMs): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`redis answered nothing within ${ms} ms`)), ms);
  });
  command.catch(() => undefined);
  return Promise.race([command, timeout]).finally(() => clearTimeout(timer));
}
