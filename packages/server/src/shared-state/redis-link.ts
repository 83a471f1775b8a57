import { createRequire } from 'node:module';
import type * as Redis from 'redis';
import type { Logger } from '../logger.ts';

export type RedisClient = ReturnType<typeof Redis.createClient>;
export type RedisClientOptions = NonNullable<Parameters<typeof Redis.createClient>[0]>;

const require = createRequire(import.meta.url);

/** How long one command may take before it fails (and the caller falls back or refuses). */
export const redisCommandTimeoutMs = 1_000;

/**
 * Reconnect forever, doubling from 100 ms up to 5 s, with jitter so that N instances do not
 * knock on a Redis coming back all at once. The client's own default gives up on a socket
 * timeout; ours never does: Redis away for an hour must heal by itself when it returns.
 */
export const reconnectDelayMs = (retries: number) =>
  Math.min(100 * 2 ** Math.min(retries, 10), 5_000) + Math.floor(Math.random() * 250);

/**
 * The portal's connection to Redis (`REDIS_URL`), for everything but subscriptions: rate-limit
 * counters, unlocked wallets, publishing live events. It is made at once and connects in the
 * background, so a start never waits for Redis; commands fail fast while it is away (no offline
 * queue, a timeout on each), and callers fall back to the database or degrade. A hung server (a
 * connection that answers nothing) is noticed by pings and the socket's idle timeout, and left
 * for a new connection.
 */
export class RedisLink {
  readonly client: RedisClient;
  readonly #url: string;
  readonly #log: Logger;
  #downSince: number | null = Date.now();
  #closed = false;

  constructor(url: string, logger: Logger) {
    this.#url = url;
    this.#log = logger.child({ component: 'redis' });
    this.client = this.connect('commands', {
      pingInterval: 2_000,
      socket: { socketTimeout: 6_000 },
    });
    this.client.on('ready', () => {
      if (this.#downSince !== null) {
        this.#log.info({ downMs: Date.now() - this.#downSince }, 'redis connected');
      }
      this.#downSince = null;
    });
    const down = () => {
      if (this.#downSince === null && !this.#closed) {
        this.#downSince = Date.now();
        this.#log.warn('redis connection lost; reconnecting in the background');
      }
    };
    this.client.on('end', down);
    this.client.on('reconnecting', down);
  }

  /**
   * A new client on the same server, connecting in the background with the link's reconnect
   * rule (`name` shows in the log). A subscriber takes one of its own: a connection that
   * subscribes can run no other command.
   */
  connect(name: string, options: Partial<RedisClientOptions> = {}): RedisClient {
    const { createClient } = require('redis') as typeof Redis;
    const client = createClient({
      url: this.#url,
      disableOfflineQueue: true,
      ...options,
      socket: {
        connectTimeout: 2_000,
        reconnectStrategy: reconnectDelayMs,
        ...options.socket,
      },
    } as RedisClientOptions);
    // Without a listener the client writes its errors to the console; they repeat on every
    // reconnect, so only the first of a run goes to the log.
    let reported = false;
    client.on('error', (error: Error) => {
      if (!reported && !this.#closed)
        this.#log.warn({ client: name, reason: error.message }, 'redis error');
      reported = true;
    });
    client.on('ready', () => (reported = false));
    client.connect().catch(() => undefined);
    return client;
  }

  /** Whether the commands connection is ready now. */
  isUp(): boolean {
    return this.#downSince === null && this.client.isReady;
  }

  /** When the connection was lost (ms since the epoch), or null while it is up. */
  downSince(): number | null {
    return this.isUp() ? null : (this.#downSince ?? Date.now());
  }

  async close(): Promise<void> {
    this.#closed = true;
    await closeClient(this.client);
  }
}

/** Closes a client whether it is connected, connecting or away, without waiting on a dead server. */
export async function closeClient(client: RedisClient): Promise<void> {
  try {
    if (client.isReady) await client.close();
    else client.destroy();
  } catch {
    client.destroy();
  }
}
