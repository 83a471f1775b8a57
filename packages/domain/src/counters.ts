/** A counter's state: how many hits in its window, and when the window ends (ms since the epoch). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters shared by every instance of the portal (DESIGN §2 "Scale out": rate
 * limits and lock-outs live where all instances see them). The server keeps them in Redis when
 * it has one, else in its database; a standalone wallet, one process, in memory. A window starts
 * at a key's first hit and lasts `windowMs`; a hit after it starts a new one.
 */
export interface WindowCounters {
  /** Counts one hit and answers the count including it. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The count so far, without counting; null when the key has no live window. */
  peek(key: string): Promise<WindowCount | null>;
  /** Forgets a key (a success after failures). */
  clear(key: string): Promise<void>;
}

/** Counters in one process's memory: for a single process (a standalone wallet) and tests. */
export class MemoryCounters implements WindowCounters {
  readonly #windows = new Map<string, WindowCount>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    return this.hitNow(key, windowMs);
  }

  /** `hit`, answered at once (the in-process rate limiter needs no promise). */
  hitNow(key: string, windowMs: number): WindowCount {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    if (this.#windows.size > 10_000) this.#forgetEnded(now);
    return { ...window };
  }

  async peek(key: string): Promise<WindowCount | null> {
    return this.peekNow(key);
  }

  /** `peek`, answered at once. */
  peekNow(key: string): WindowCount | null {
    const window = this.#windows.get(key);
    return window && window.resetAt > this.#now() ? { ...window } : null;
  }

  async clear(key: string): Promise<void> {
    this.#windows.delete(key);
  }

  #forgetEnded(now: number): void {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}
