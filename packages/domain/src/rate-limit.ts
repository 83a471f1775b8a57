import { MemoryCounters } from './counters.ts';

/**
 * A fixed-window counter per key (an IP, an account) in one process's memory: at most `limit`
 * hits per `windowMs`. Only for where one process is the truth (a standalone wallet, which has
 * no other instance); the portal's server counts in its shared store instead (issue 42 item 2:
 * a count kept per process gives N instances N times the budget). Clock-injected for tests.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #counters: MemoryCounters;

  constructor(options: { limit: number; windowMs: number; now?: () => number }) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
    this.#counters = new MemoryCounters(this.#now);
  }

  /** Counts a hit; answers whether it is within the limit and, if not, when to retry. */
  hit(key: string): { allowed: boolean; retryAfterMs: number } {
    const window = this.#counters.hitNow(key, this.#windowMs);
    return window.count <= this.#limit
      ? { allowed: true, retryAfterMs: 0 }
      : { allowed: false, retryAfterMs: window.resetAt - this.#now() };
  }

  /** Whether a key may go on, without counting a hit (to count only failures afterwards). */
  check(key: string): { allowed: boolean; retryAfterMs: number } {
    const window = this.#counters.peekNow(key);
    if (!window || window.count < this.#limit) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: window.resetAt - this.#now() };
  }

  /** Clears a key, for example after a successful sign-in. */
  reset(key: string): void {
    void this.#counters.clear(key);
  }
}
