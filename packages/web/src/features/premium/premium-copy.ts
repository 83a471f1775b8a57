import type { FeatureFlag } from '@scr/domain';

/**
 * The Premium features the spec promotes when missing (access spec §6, releases spec §6):
 * each has its own title and text under `premium.features.{flag}`; any other flag gets the
 * general Premium text.
 */
export const promotedFeatures = [
  'canAuditTrail',
  'canDashboard',
  'canContainerView',
  'canSeeTransferInfo',
  'canNotifyPerBl',
  'canBulkOperations',
] as const satisfies readonly FeatureFlag[];

type PromotedFeature = (typeof promotedFeatures)[number];

const isPromoted = (feature: FeatureFlag): feature is PromotedFeature =>
  (promotedFeatures as readonly FeatureFlag[]).includes(feature);

/** The translation keys of a feature's promotion. */
export function premiumCopyKeys(feature: FeatureFlag | undefined) {
  if (feature && isPromoted(feature)) {
    return {
      title: `premium.features.${feature}.title`,
      text: `premium.features.${feature}.text`,
    } as const;
  }
  return { title: 'premium.generalTitle', text: 'premium.generalText' } as const;
}
