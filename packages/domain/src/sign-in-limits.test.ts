import { describe, expect, it } from 'vitest';
import {
  budgetVerdict,
  failureVerdict,
  lookupRule,
  signInLimits,
  slowingDelayMs,
  subjectVerdict,
} from './sign-in-limits.ts';

const window = (count: number, resetAt = 60_000) => ({ count, resetAt });

describe('sign-in call budgets (issue 42 item 2)', () => {
  it('lets the limit through within a window, then refuses with the time left', () => {
    const budget = { limit: 3, windowMs: 60_000 };
    expect(budgetVerdict(window(3), budget, 0)).toEqual({ kind: 'go', delayMs: 0 });
    expect(budgetVerdict(window(4), budget, 10_000)).toEqual({
      kind: 'refuse',
      retryAfterMs: 50_000,
    });
  });

  it('never tells a refused client to come back in less than a second', () => {
    expect(budgetVerdict(window(2, 100), { limit: 1, windowMs: 1_000 }, 90)).toEqual({
      kind: 'refuse',
      retryAfterMs: 1_000,
    });
  });

  it('refuses a client before a try once its failures are used up, not before', () => {
    const budget = signInLimits.signInFailuresPerClient;
    expect(failureVerdict(null, budget, 0).kind).toBe('go');
    expect(failureVerdict(window(budget.limit - 1), budget, 0).kind).toBe('go');
    expect(failureVerdict(window(budget.limit, 30_000), budget, 0)).toEqual({
      kind: 'refuse',
      retryAfterMs: 30_000,
    });
  });
});

describe('e-mail lookups: no lock-out of others (issue 42 item 2)', () => {
  const rule = lookupRule();

  it('takes its numbers from the per-client stop: 30 per client, 150 over all, in 5 minutes', () => {
    expect(rule.perSubjectAndClient).toEqual({ limit: 30, windowMs: 300_000 });
    expect(rule.perSubject).toMatchObject({ ceiling: 150, windowMs: 300_000 });
    expect(lookupRule(2).perSubject.ceiling).toBe(10);
  });

  it('stops the client that looked one address up too often', () => {
    expect(
      subjectVerdict({ subjectAndClient: window(31, 120_000), subject: null }, rule, 20_000),
    ).toEqual({ kind: 'refuse', retryAfterMs: 100_000 });
  });

  it('lets a client that has not over-used it through, slowed but never refused, however many others did', () => {
    for (const others of [0, 150, 151, 152, 1_000, 10 ** 9]) {
      const verdict = subjectVerdict(
        { subjectAndClient: window(1), subject: window(others + 1) },
        rule,
        0,
      );
      expect(verdict.kind).toBe('go');
    }
    const delay = (count: number) =>
      subjectVerdict({ subjectAndClient: window(1), subject: window(count) }, rule, 0);
    expect(delay(150)).toEqual({ kind: 'go', delayMs: 0 });
    expect(delay(151)).toEqual({ kind: 'go', delayMs: 250 });
    expect(delay(153)).toEqual({ kind: 'go', delayMs: 1_000 });
    expect(delay(10 ** 9)).toEqual({ kind: 'go', delayMs: 4_000 });
  });
});

describe('the slowing past a ceiling (issue 42 item 2)', () => {
  const ceiling = { ceiling: 3, windowMs: 60_000, firstDelayMs: 100, maxDelayMs: 1_000 };

  it('is nothing up to the ceiling, then doubles from the first delay up to the maximum', () => {
    expect([0, 3, 4, 5, 6, 7, 8, 1_000].map((count) => slowingDelayMs(count, ceiling))).toEqual([
      0, 0, 100, 200, 400, 800, 1_000, 1_000,
    ]);
  });
});
