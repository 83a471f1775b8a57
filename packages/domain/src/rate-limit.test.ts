import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('the one-process rate limiter (a standalone wallet; issue 42 item 2: the server counts in its shared store)', () => {
  it('allows the limit within a window, then refuses with the time left', () => {
    let now = 1_000;
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect([1, 2, 3].map(() => limiter.hit('ip:1').allowed)).toEqual([true, true, true]);
    now += 10_000;
    expect(limiter.hit('ip:1')).toEqual({ allowed: false, retryAfterMs: 50_000 });
    expect(limiter.hit('ip:2').allowed).toBe(true);
  });

  it('opens again after the window and after a reset', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 1, windowMs: 1_000, now: () => now });
    limiter.hit('a');
    expect(limiter.hit('a').allowed).toBe(false);
    now = 1_000;
    expect(limiter.hit('a').allowed).toBe(true);
    limiter.reset('a');
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('checks without counting', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1_000, now: () => 0 });
    expect(limiter.check('a').allowed).toBe(true);
    expect(limiter.check('a').allowed).toBe(true);
    limiter.hit('a');
    expect(limiter.check('a')).toEqual({ allowed: false, retryAfterMs: 1_000 });
  });
});
