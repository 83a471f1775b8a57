import type { WindowCount, WindowCounters } from '@scr/domain';

/**
 * State every instance must see and nobody needs for long (DESIGN §2 "Scale out"): the window
 * counters of rate limits and lock-outs, and short-lived values such as unlocked wallets'
 * wrapped keys. Never a clear secret: what is put here must be useless without something only
 * a client holds.
 *
 * Kept in Redis when the portal has one (`redis-shared-store.ts`), else in the database's
 * `shared_state` table (`knex-shared-store.ts`); with Redis away, the database stands in
 * (`fallback-shared-store.ts`), so limits stay counted once for all instances.
 */
export interface SharedStore extends WindowCounters {
  /** Keeps `value` under `key` for `ttlMs`, replacing what was there. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value under `key`, or null when there is none or it has expired. */
  get(key: string): Promise<string | null>;
  /** Forgets keys (values and counters alike). */
  delete(...keys: string[]): Promise<void>;
}

export type { WindowCount };

/** Every key of the portal's in Redis starts so, so that one Redis can serve other software too. */
export const sharedKeyPrefix = 'scr:';
