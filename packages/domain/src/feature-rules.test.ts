import { describe, expect, it } from 'vitest';
import { basicFeatures, featuresFor } from './feature-rules.ts';
import { featureFlags } from './features.ts';

const today = '2026-11-21';
const sub = (subscriptionId: number, endDate: string | null = null) => ({
  subscriptionId,
  startDate: '2026-01-01',
  endDate,
});
const enabled = (features: Record<string, boolean>) =>
  Object.entries(features)
    .filter(([, on]) => on)
    .map(([flag]) => flag)
    .sort();

describe('feature flags from subscriptions (access spec §3 flags, releases spec §6 gating)', () => {
  it('gives Premium every plan feature, but not the opt-in ones', () => {
    const features = featuresFor([sub(1), sub(4)], [], today);
    expect(features.canAuditTrail && features.canContainerView && features.canDashboard).toBe(true);
    expect(features.canSkipInitialLoad).toBe(false);
    expect(features.canRequestForRelease).toBe(false);
  });

  it('gives SCR Basic the basic set and keeps promotional features off', () => {
    const features = featuresFor([sub(2), sub(10)], [], today);
    expect(enabled(features)).toEqual([...basicFeatures].sort());
    expect(features.canSeeTransferInfo).toBe(false);
  });

  it('gives nothing for an expired plan', () => {
    expect(enabled(featuresFor([sub(1), sub(4, '2026-11-20')], [], today))).toEqual([]);
  });

  it('opens requests for release with an active subscription 11', () => {
    expect(featuresFor([sub(11)], [], today).canRequestForRelease).toBe(true);
  });

  it('lets per-organisation overrides win both ways', () => {
    const features = featuresFor(
      [sub(1), sub(4)],
      [
        { feature: 'canDashboard', enabled: false },
        { feature: 'canSkipInitialLoad', enabled: true },
      ],
      today,
    );
    expect(features.canDashboard).toBe(false);
    expect(features.canSkipInitialLoad).toBe(true);
  });

  it('answers every flag', () => {
    expect(Object.keys(featuresFor([], [], today)).sort()).toEqual([...featureFlags].sort());
  });
});
