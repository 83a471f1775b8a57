import { todayInBrussels, type IsoDate } from './dates.ts';
import type { OrganizationRole } from './organizations.ts';

/** A subscription of an organisation to a plan (access spec §3). */
export interface Subscription {
  subscriptionId: number;
  startDate: IsoDate;
  endDate: IsoDate | null;
  remark?: string | null;
}

/** Plan ids (access spec §9): 1, 2 are ID wallet plans; 3, 4, 5, 10 are SCR plans; 11 lists carriers for requests for release. */
export const walletPlanIds = [1, 2] as const;
export const scrPlanIds = [4, 5, 10, 3] as const;
export const requestForReleasePlanId = 11;

/**
 * Access spec §9 "Plan subscription ids: 1, 2, 3, 4, 5, 10", with 11 whose remark lists the
 * carriers to request releases from: every plan support can give an organisation.
 */
export const planIds = [1, 2, 3, 4, 5, 10, 11] as const;
export type PlanId = (typeof planIds)[number];

/** Access spec §4 "Subscription access": active when start ≤ today and end is null or ≥ today. */
export function isSubscriptionActive(
  subscription: Subscription,
  today: IsoDate = todayInBrussels(),
): boolean {
  return (
    subscription.startDate <= today &&
    (subscription.endDate === null || subscription.endDate >= today)
  );
}

export type SubscriptionAccess =
  { allowed: true } | { allowed: false; notice: 'noWalletSubscription' | 'scrSubscriptionExpired' };

/**
 * Access spec §4 "Subscription access": a user needs an active subscription among ids 1 or 2 and
 * one among 4, 5, 10 or 3. Missing the first: "No active ID wallet subscription found."; missing
 * only the second: "Your SCR subscription has expired."
 */
export function subscriptionAccess(
  subscriptions: readonly Subscription[],
  today: IsoDate = todayInBrussels(),
): SubscriptionAccess {
  const active = subscriptions.filter((s) => isSubscriptionActive(s, today));
  const has = (ids: readonly number[]) => active.some((s) => ids.includes(s.subscriptionId));
  if (!has(walletPlanIds)) return { allowed: false, notice: 'noWalletSubscription' };
  if (!has(scrPlanIds)) return { allowed: false, notice: 'scrSubscriptionExpired' };
  return { allowed: true };
}

/** The account types shown in the profile menu; each is a translation key under `accountType.`. */
export type AccountType =
  'scrApi' | 'scrPremiumFreeTrial' | 'scrPremium' | 'scrFreemium' | 'scrBasic';

/**
 * Access spec §4 "Account type label": carriers see none; otherwise 3 = SCR API, 5 = SCR Premium
 * Free Trial, 4 = SCR Premium, 10 with 1 = SCR Freemium, 10 with 2 = SCR Basic. Only
 * subscriptions active today count. The first that applies, in that order, wins.
 */
export function accountType(
  role: OrganizationRole,
  subscriptions: readonly Subscription[],
  today: IsoDate = todayInBrussels(),
): AccountType | null {
  if (role === 'carrier') return null;
  const ids = new Set(
    subscriptions.filter((s) => isSubscriptionActive(s, today)).map((s) => s.subscriptionId),
  );
  if (ids.has(3)) return 'scrApi';
  if (ids.has(5)) return 'scrPremiumFreeTrial';
  if (ids.has(4)) return 'scrPremium';
  if (ids.has(10) && ids.has(1)) return 'scrFreemium';
  if (ids.has(10) && ids.has(2)) return 'scrBasic';
  return null;
}
