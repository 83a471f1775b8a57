import { featuresFor, isFeatureFlag, type Features, type Subscription } from '@scr/domain';
import type { Knex } from 'knex';

/**
 * An organisation's feature flags today (domain `featuresFor`: its subscriptions, then its
 * overrides): what a machine acting for it (an API key) may see and do, as its people may.
 */
export async function organizationFeatures(
  db: Knex | Knex.Transaction,
  organizationId: number,
): Promise<Features> {
  const [subscriptionRows, overrideRows] = await Promise.all([
    db('subscriptions').where({ organization_id: organizationId }).orderBy('id'),
    db('organization_features').where({ organization_id: organizationId }),
  ]);
  const subscriptions: Subscription[] = subscriptionRows.map((s) => ({
    subscriptionId: s.subscription_id,
    startDate: s.start_date,
    endDate: s.end_date,
  }));
  const overrides = overrideRows
    .filter((o) => isFeatureFlag(o.feature))
    .map((o) => ({ feature: o.feature, enabled: o.enabled }));
  return featuresFor(subscriptions, overrides);
}
