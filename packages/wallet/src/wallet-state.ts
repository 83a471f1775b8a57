import { MemoryCounters, type WindowCount, type WindowCounters } from '@scr/domain';

/**
 * Where a wallet keeps what every one of its instances must see (issue 42 items 1 and 2): the
 * unlocked wallets, each wrapped under its token's secret, and the unlock lock-out's counters.
 * The cloud wallet passes the portal's shared store (Redis, or the database's `shared_state`
 * table); a standalone wallet, one process, keeps them in memory (`MemoryWalletState`). Nothing
 * put here may be a clear secret: it must be useless without what only a client holds.
 */
export interface WalletStateStore extends WindowCounters {
  /** Keeps `value` under `key` for `ttlMs`, replacing what was there. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value under `key`, or null when there is none or it has expired. */
  get(key: string): Promise<string | null>;
  /** Forgets keys (values and counters alike). */
  delete(...keys: string[]): Promise<void>;
}

interface Held {
  value: string;
  expiresAt: number;
}

/** Past this many values, a put first forgets the expired ones. */
const sweepAbove = 10_000;

/** The wallet's state in this process's memory: for a standalone wallet and for tests. */
export class MemoryWalletState implements WalletStateStore {
  readonly #counters: MemoryCounters;
  readonly #values = new Map<string, Held>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.#counters = new MemoryCounters(now);
  }

  hit(key: string, windowMs: number): Promise<WindowCount> {
    return this.#counters.hit(key, windowMs);
  }

  peek(key: string): Promise<WindowCount | null> {
    return this.#counters.peek(key);
  }

  clear(key: string): Promise<void> {
    return this.#counters.clear(key);
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    if (this.#values.size >= sweepAbove) this.sweep();
    this.#values.set(key, { value, expiresAt: this.#now() + ttlMs });
  }

  /** Forgets the expired values (the wallet calls it on a timer). */
  sweep(): void {
    const now = this.#now();
    for (const [key, { expiresAt }] of this.#values) {
      if (expiresAt <= now) this.#values.delete(key);
    }
  }

  async get(key: string): Promise<string | null> {
    const held = this.#values.get(key);
    if (!held) return null;
    if (held.expiresAt <= this.#now()) {
      this.#values.delete(key);
      return null;
    }
    return held.value;
  }

  async delete(...keys: string[]): Promise<void> {
    for (const key of keys) {
      this.#values.delete(key);
      await this.#counters.clear(key);
    }
  }

  /** Every key and value held, expired or not: what a dump of this memory would show. */
  entries(): [string, string][] {
    return [...this.#values].map(([key, held]) => [key, held.value]);
  }
}
