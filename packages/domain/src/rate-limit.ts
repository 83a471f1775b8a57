/**
 * A fixed-window counter per key (an IP, an account): at most `limit` hits per `windowMs`.
 * Pure and clock-injected so the server, the wallet and tests share one rule.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(options: { limit: number; windowMs: number; now?: () => number }) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  /** Counts a hit; answers whether it is within the limit and, if not, when to retry. */
  hit(key: string): { allowed: boolean; retryAfterMs: number } {
    const now = this.#now();
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.#windowMs };
      this.#hits.set(key, entry);
    }
    entry.count += 1;
    if (this.#hits.size > 10_000) this.#forgetExpired(now);
    return entry.count <= this.#limit
      ? { allowed: true, retryAfterMs: 0 }
      : { allowed: false, retryAfterMs: entry.resetAt - now };
  }

  /** Whether a key may go on, without counting a hit (to count only failures afterwards). */
  check(key: string): { allowed: boolean; retryAfterMs: number } {
    const now = this.#now();
    const entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now || entry.count < this.#limit) {
      return { allowed: true, retryAfterMs: 0 };
    }
    return { allowed: false, retryAfterMs: entry.resetAt - now };
  }

  /** Clears a key, for example after a successful sign-in. */
  reset(key: string): void {
    this.#hits.delete(key);
  }

  #forgetExpired(now: number): void {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}
