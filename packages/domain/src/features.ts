/** Feature flags that gate routes, columns and actions (access spec §3, releases spec §6). */
export const featureFlags = [
  'canFetchPincode',
  'canGreenLights',
  'canSeeTransferInfo',
  'canSkipInitialLoad',
  'canBulkOperations',
  'canTransferRevoke',
  'canNmot',
  'canAssignDriver',
  'canAssignBarge',
  'canAssignTrain',
  'canRequestForRelease',
  'canDashboard',
  'canContainerView',
  'canAuditTrail',
  'canNotifyPerBl',
  'canDocuments',
] as const;

export type FeatureFlag = (typeof featureFlags)[number];

export type Features = Record<FeatureFlag, boolean>;

/** Narrows an unknown string to a feature flag name. */
export function isFeatureFlag(value: string): value is FeatureFlag {
  return (featureFlags as readonly string[]).includes(value);
}
