import { todayInBrussels, type IsoDate } from './dates.ts';
import { featureFlags, type FeatureFlag, type Features } from './features.ts';
import {
  isSubscriptionActive,
  requestForReleasePlanId,
  type Subscription,
} from './subscriptions.ts';

/**
 * What the free tier (plan 10: SCR Basic or Freemium) includes: moving releases along the chain
 * and picking them up. The spec names what lacking Premium shows as a promotional panel or a
 * "Go Premium" chip (audit trail, dashboard, container view, transfer info, grouped
 * notifications, bulk operations); those, green lights and documents are Premium.
 */
export const basicFeatures: readonly FeatureFlag[] = [
  'canFetchPincode',
  'canTransferRevoke',
  'canAssignDriver',
  'canAssignBarge',
  'canAssignTrain',
  'canNmot',
];

/** Premium plans: 4 SCR Premium, 5 its free trial, 3 SCR API. */
export const premiumPlanIds = [4, 5, 3] as const;

/**
 * Behaviours an organisation opts into rather than buys: canSkipInitialLoad (start the overview
 * empty) is only ever switched on by an override.
 */
const optInOnly: readonly FeatureFlag[] = ['canSkipInitialLoad', 'canRequestForRelease'];

/** An administrator's per-organisation switch that wins over the plan. */
export interface FeatureOverride {
  feature: FeatureFlag;
  enabled: boolean;
}

/**
 * The feature flags of an organisation today: from its active subscriptions (Premium plans give
 * every feature, plan 10 the basic set, plan 11 requests for release), then its overrides.
 */
export function featuresFor(
  subscriptions: readonly Subscription[],
  overrides: readonly FeatureOverride[] = [],
  today: IsoDate = todayInBrussels(),
): Features {
  const active = new Set(
    subscriptions.filter((s) => isSubscriptionActive(s, today)).map((s) => s.subscriptionId),
  );
  const premium = premiumPlanIds.some((id) => active.has(id));
  const basic = active.has(10);
  const features = Object.fromEntries(
    featureFlags.map((flag) => [
      flag,
      optInOnly.includes(flag) ? false : premium || (basic && basicFeatures.includes(flag)),
    ]),
  ) as Features;
  if (active.has(requestForReleasePlanId)) features.canRequestForRelease = true;
  for (const { feature, enabled } of overrides) features[feature] = enabled;
  return features;
}
