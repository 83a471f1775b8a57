import type { FeatureFlag } from '@scr/domain';
import type { ReactNode } from 'react';
import { useSession } from '../session/session-context.tsx';
import { PremiumPromo } from './premium-promo.tsx';

export interface FeatureGateProps {
  feature: FeatureFlag;
  /** What shows without the feature: the promotional panel, nothing, or something of yours. */
  fallback?: 'promo' | 'none' | ReactNode;
  children: ReactNode;
}

/** Whether the signed-in user's organisation has a feature (access spec §3 "Feature flags"). */
export function useFeature(feature: FeatureFlag): boolean {
  const { user } = useSession();
  return user?.features?.[feature] === true;
}

/**
 * Renders its children when the organisation has the feature; otherwise the embedded
 * promotional panel (access spec §6), nothing, or the given fallback.
 */
export function FeatureGate({ feature, fallback = 'promo', children }: FeatureGateProps) {
  const enabled = useFeature(feature);
  if (enabled) return <>{children}</>;
  if (fallback === 'promo') return <PremiumPromo feature={feature} />;
  if (fallback === 'none') return null;
  return <>{fallback}</>;
}
