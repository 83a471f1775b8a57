import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import { FallbackSharedStore } from './fallback-shared-store.ts';
import { KnexSharedStore } from './knex-shared-store.ts';
import { RedisLink } from './redis-link.ts';
import { RedisSharedStore } from './redis-shared-store.ts';
import type { SharedStore } from './shared-store.ts';

export interface SharedState {
  store: SharedStore;
  /** The Redis connection, when REDIS_URL is set. */
  redis: RedisLink | null;
  /** Starts sweeping the table's expired rows (once the schema is there). */
  startSweeping(): void;
  close(): Promise<void>;
}

const sweepEveryMs = 5 * 60_000;

/**
 * The portal's shared state (DESIGN §2 "Scale out"): Redis when `redisUrl` is given, with the
 * database standing in while it is away; the database alone otherwise.
 */
export function configureSharedState(
  knex: Knex,
  redisUrl: string | null,
  logger: Logger,
): SharedState {
  const log = logger.child({ component: 'shared-state' });
  const database = new KnexSharedStore(knex);
  const redis = redisUrl ? new RedisLink(redisUrl, logger) : null;
  const store = redis
    ? new FallbackSharedStore(new RedisSharedStore(redis.client), database, () => redis.isUp(), log)
    : database;
  let timer: NodeJS.Timeout | undefined;
  return {
    store,
    redis,
    startSweeping() {
      timer ??= setInterval(() => {
        database
          .sweep()
          .catch((error: Error) => log.warn({ reason: error.message }, 'sweep failed'));
      }, sweepEveryMs).unref();
    },
    async close() {
      clearInterval(timer);
      await redis?.close();
    },
  };
}
