import type { Logger } from '../logger.ts';
import type { KnexSharedStore } from './knex-shared-store.ts';
import type { SharedStore, WindowCount } from './shared-store.ts';

/**
 * Redis first, the database while Redis is away (issue 42 items 2 and 4): every instance falls
 * back to the same table, so limits stay counted once for all of them during an outage, and a
 * value put meanwhile is still found (a Redis miss asks the table too). Nothing is refused
 * because Redis is down; the first failure of an outage is logged, not every one. A hung Redis
 * (commands time out while the connection still looks open) costs one timeout, then a pause.
 */
/** After a failed command, how long the database answers alone before Redis is asked again. */
const pauseAfterFailureMs = 5_000;

export class FallbackSharedStore implements SharedStore {
  #failing = false;
  #skipUntil = 0;

  constructor(
    private readonly redis: SharedStore,
    private readonly database: KnexSharedStore,
    private readonly redisUp: () => boolean,
    private readonly logger: Logger,
  ) {}

  hit(key: string, windowMs: number): Promise<WindowCount> {
    return this.#either((store) => store.hit(key, windowMs));
  }

  peek(key: string): Promise<WindowCount | null> {
    return this.#either((store) => store.peek(key));
  }

  put(key: string, value: string, ttlMs: number): Promise<void> {
    return this.#either((store) => store.put(key, value, ttlMs));
  }

  async get(key: string): Promise<string | null> {
    const fromRedis = await this.#redisOr(null, (store) => store.get(key));
    return fromRedis ?? this.database.get(key);
  }

  async clear(key: string): Promise<void> {
    await this.delete(key);
  }

  async delete(...keys: string[]): Promise<void> {
    await Promise.all([
      this.#redisOr(undefined, (store) => store.delete(...keys)),
      this.database.delete(...keys),
    ]);
  }

  async #either<T>(work: (store: SharedStore) => Promise<T>): Promise<T> {
    const none = Symbol('none');
    const answer = await this.#redisOr<T | typeof none>(none, work);
    return answer === none ? work(this.database) : answer;
  }

  /** `work` on Redis, or `otherwise` when Redis is away or fails. */
  async #redisOr<T>(otherwise: T, work: (store: SharedStore) => Promise<T>): Promise<T> {
    if (!this.redisUp() || Date.now() < this.#skipUntil) return otherwise;
    try {
      const answer = await work(this.redis);
      this.#failing = false;
      return answer;
    } catch (error) {
      if (!this.#failing) {
        this.logger.warn({ reason: (error as Error).message }, 'redis failed; using the database');
      }
      this.#failing = true;
      this.#skipUntil = Date.now() + pauseAfterFailureMs;
      return otherwise;
    }
  }
}
