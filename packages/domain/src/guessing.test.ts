import { describe, expect, it } from 'vitest';
import { MemoryCounters } from './counters.ts';
import {
  guessAlertDue,
  guessDelayMs,
  guessKeys,
  guessVerdict,
  passwordGuessing,
} from './guessing.ts';

const none = { accountAndClient: null, client: null, account: null };

describe('password guessing (issue 42 item 2: no lock-out of others)', () => {
  it('lets a client that has not failed try at once', () => {
    expect(guessVerdict(none, 0)).toEqual({ kind: 'try', delayMs: 0 });
  });

  it('stops a client after its failures for the account, until its window ends', () => {
    const limit = passwordGuessing.perAccountAndClient.limit;
    expect(
      guessVerdict({ ...none, accountAndClient: { count: limit - 1, resetAt: 60_000 } }, 0).kind,
    ).toBe('try');
    expect(
      guessVerdict({ ...none, accountAndClient: { count: limit, resetAt: 60_000 } }, 10_000),
    ).toEqual({ kind: 'refuse', retryAfterMs: 50_000 });
  });

  it('stops a client that fails across many accounts', () => {
    const limit = passwordGuessing.perClient.limit;
    expect(guessVerdict({ ...none, client: { count: limit, resetAt: 5_000 } }, 0)).toEqual({
      kind: 'refuse',
      retryAfterMs: 5_000,
    });
  });

  it('slows, and never refuses, a fresh client of an account under attack', () => {
    const { ceiling, firstDelayMs, maxDelayMs } = passwordGuessing.perAccount;
    expect(guessVerdict({ ...none, account: { count: ceiling - 1 } }, 0)).toEqual({
      kind: 'try',
      delayMs: 0,
    });
    expect(guessVerdict({ ...none, account: { count: ceiling } }, 0)).toEqual({
      kind: 'try',
      delayMs: firstDelayMs,
    });
    expect(guessDelayMs(ceiling + 2)).toBe(firstDelayMs * 4);
    expect(guessVerdict({ ...none, account: { count: 10_000 } }, 0)).toEqual({
      kind: 'try',
      delayMs: maxDelayMs,
    });
  });

  it('tells the owner once a window, at the alert count', () => {
    expect(guessAlertDue(passwordGuessing.alertAt - 1)).toBe(false);
    expect(guessAlertDue(passwordGuessing.alertAt)).toBe(true);
    expect(guessAlertDue(passwordGuessing.alertAt + 1)).toBe(false);
  });

  it('spells the keys of one try apart per account and per client', () => {
    const a = guessKeys('unlock', '7', '10.0.0.1');
    const b = guessKeys('unlock', '7', '10.0.0.2');
    expect(a.account).toBe(b.account);
    expect(a.accountAndClient).not.toBe(b.accountAndClient);
    expect(a.client).not.toBe(b.client);
    expect(a.accountClient).not.toBe(b.accountClient);
    expect(a.accountClients).toBe(b.accountClients);
    const keys = Object.values(a);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('memory counters (one process)', () => {
  it('counts in a window that starts at the first hit, and forgets on clear', async () => {
    let now = 0;
    const counters = new MemoryCounters(() => now);
    expect(await counters.hit('k', 1_000)).toEqual({ count: 1, resetAt: 1_000 });
    now = 500;
    expect(await counters.hit('k', 1_000)).toEqual({ count: 2, resetAt: 1_000 });
    expect(await counters.peek('k')).toEqual({ count: 2, resetAt: 1_000 });
    now = 1_000;
    expect(await counters.peek('k')).toBeNull();
    expect(await counters.hit('k', 1_000)).toEqual({ count: 1, resetAt: 2_000 });
    await counters.clear('k');
    expect(await counters.peek('k')).toBeNull();
  });
});
