import { featureFlags } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { featureFlagsAtMigration0002 } from './0002-subscriptions-and-features.ts';

describe('organization_features check constraint', () => {
  it('allows exactly the feature flags domain knows (a new flag needs a new migration)', () => {
    expect([...featureFlagsAtMigration0002].sort()).toEqual([...featureFlags].sort());
  });
});
