import { describe, expect, it } from 'vitest';
import {
  accountType,
  isSubscriptionActive,
  planIds,
  requestForReleasePlanId,
  scrPlanIds,
  subscriptionAccess,
  walletPlanIds,
  type Subscription,
} from './subscriptions.ts';

const today = '2026-11-21';
const sub = (subscriptionId: number, startDate = '2026-01-01', endDate: string | null = null) =>
  ({ subscriptionId, startDate, endDate }) satisfies Subscription;

describe('access spec §4 "Subscription access": active on dates', () => {
  it('is active from its start date on, through its end date', () => {
    expect(isSubscriptionActive(sub(1, today, today), today)).toBe(true);
    expect(isSubscriptionActive(sub(1, '2026-11-22'), today)).toBe(false);
    expect(isSubscriptionActive(sub(1, '2026-01-01', '2026-11-20'), today)).toBe(false);
  });

  it('has no end when endDate is null', () => {
    expect(isSubscriptionActive(sub(1, '2020-01-01', null), today)).toBe(true);
  });
});

describe('access spec §4 "Subscription access": groups 1/2 and 4/5/10/3', () => {
  it('allows a user with one of 1, 2 and one of 4, 5, 10, 3', () => {
    for (const wallet of [1, 2]) {
      for (const scr of [4, 5, 10, 3]) {
        expect(subscriptionAccess([sub(wallet), sub(scr)], today)).toEqual({ allowed: true });
      }
    }
  });

  it('says "No active ID wallet subscription found." when 1 and 2 are missing', () => {
    expect(subscriptionAccess([sub(4)], today)).toEqual({
      allowed: false,
      notice: 'noWalletSubscription',
    });
    expect(subscriptionAccess([], today)).toEqual({
      allowed: false,
      notice: 'noWalletSubscription',
    });
  });

  it('says "Your SCR subscription has expired." when only the SCR group is missing', () => {
    expect(subscriptionAccess([sub(1), sub(4, '2025-01-01', '2026-11-20')], today)).toEqual({
      allowed: false,
      notice: 'scrSubscriptionExpired',
    });
  });

  it('does not count plan 11 (request-for-release carriers) towards access', () => {
    expect(subscriptionAccess([sub(1), sub(11)], today).allowed).toBe(false);
  });
});

describe('access spec §4 "Account type label in the profile menu"', () => {
  it('shows no label to carriers', () => {
    expect(accountType('carrier', [sub(1), sub(4)], today)).toBeNull();
  });

  it.each([
    [[3], 'scrApi'],
    [[5], 'scrPremiumFreeTrial'],
    [[4], 'scrPremium'],
    [[10, 1], 'scrFreemium'],
    [[10, 2], 'scrBasic'],
    [[10], null],
    [[1], null],
  ] as const)('maps active subscriptions %j to %s', (ids, label) => {
    expect(
      accountType(
        'other',
        ids.map((id) => sub(id)),
        today,
      ),
    ).toBe(label);
  });

  it('counts only subscriptions active today', () => {
    expect(accountType('other', [sub(4, '2026-01-01', '2026-11-20'), sub(10), sub(2)], today)).toBe(
      'scrBasic',
    );
    expect(accountType('terminal', [sub(3, '2026-12-01')], today)).toBeNull();
  });
});

describe('access spec §9 "Plan subscription ids": the plans support can give', () => {
  it('are 1, 2, 3, 4, 5, 10 and 11 (whose remark lists carriers for requests for release)', () => {
    expect([...planIds]).toEqual([1, 2, 3, 4, 5, 10, 11]);
  });

  it('hold both active subscription groups and the request-for-release plan', () => {
    const ids: readonly number[] = planIds;
    for (const id of [...walletPlanIds, ...scrPlanIds, requestForReleasePlanId]) {
      expect(ids).toContain(id);
    }
  });
});
