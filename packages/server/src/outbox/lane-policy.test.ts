import { describe, expect, it } from 'vitest';
import { mailLanePolicy } from '../mail/outbox.ts';
import { pcsLanePolicy } from '../releases/pcs/pcs-delivery.ts';
import { webhookLanePolicy, webhookTimeoutMs } from '../webhooks/deliver-webhook.ts';
import { backoffMs, defaultLanePolicy, defaultLeaseMarginMs, leaseMsOf } from './lane-policy.ts';

describe('issue 42 item 6: back-off per row, and leases that outlast their tries', () => {
  it('doubles the pause from 10 s per failed try up to an hour, with between half and all of it', () => {
    const at = (attempt: number, random: number) =>
      backoffMs(attempt, defaultLanePolicy, () => random);
    expect([1, 2, 3, 4].map((attempt) => at(attempt, 1))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect([1, 2, 3, 4].map((attempt) => at(attempt, 0))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(at(20, 1)).toBe(3_600_000);
    expect(at(20, 0)).toBe(1_800_000);
  });

  it('leases each row for its try’s timeout and a margin, for every topic', () => {
    for (const policy of [mailLanePolicy, webhookLanePolicy, pcsLanePolicy(10_000)]) {
      expect(leaseMsOf(policy)).toBe(policy.timeoutMs + defaultLeaseMarginMs);
    }
    // A webhook try: the receiver's 5 s to answer, then the bookkeeping, within the try.
    expect(webhookLanePolicy.timeoutMs).toBeGreaterThan(webhookTimeoutMs);
    expect(pcsLanePolicy(300_000).timeoutMs).toBeGreaterThan(300_000);
  });

  it('keeps a lone webhook event pending until its endpoint is paused (5 failures over 10 minutes)', () => {
    // The soonest the 10th try can come: each back-off at half; the pause comes by the 8th.
    const soonest = (tries: number) =>
      Array.from({ length: tries - 1 }, (_, i) =>
        backoffMs(i + 1, webhookLanePolicy, () => 0),
      ).reduce((sum, ms) => sum + ms, 0);
    expect(soonest(8)).toBeGreaterThanOrEqual(10 * 60_000);
    expect(soonest(webhookLanePolicy.maxAttempts)).toBeGreaterThan(40 * 60_000);
  });
});
