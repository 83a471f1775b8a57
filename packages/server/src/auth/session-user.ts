import { featuresFor, isFeatureFlag, type SessionUser, type Subscription } from '@scr/domain';
import type { Knex } from 'knex';

export type { SessionUser };

/** The latest published EULA; a user who accepted an older one (or none) must sign it. */
export async function latestEula(db: Knex | Knex.Transaction) {
  return db('eulas')
    .where('published_at', '<=', db.fn.now())
    .orderBy('id', 'desc')
    .first<{ id: number; url: string } | undefined>('id', 'url');
}

/** Loads an active user with everything the session answers; null for an unknown or inactive one. */
export async function loadSessionUser(
  db: Knex | Knex.Transaction,
  userId: number,
): Promise<SessionUser | null> {
  const row = await db('users as u')
    .join('organizations as o', 'o.id', 'u.organization_id')
    .where({ 'u.id': userId, 'u.is_active': true })
    .first(
      'u.*',
      'o.name as org_name',
      'o.address as org_address',
      'o.role as org_role',
      'o.wallet_url as org_wallet_url',
      'o.sealing_public_key as org_sealing_public_key',
      'o.invited_by_msc as org_invited_by_msc',
      'o.is_connected_to_cpoint as org_is_connected_to_cpoint',
    );
  if (!row) return null;
  const [subscriptionRows, overrideRows, eula] = await Promise.all([
    db('subscriptions').where({ organization_id: row.organization_id }).orderBy('id'),
    db('organization_features').where({ organization_id: row.organization_id }),
    latestEula(db),
  ]);
  const subscriptions: Subscription[] = subscriptionRows.map((s) => ({
    subscriptionId: s.subscription_id,
    startDate: s.start_date,
    endDate: s.end_date,
    remark: s.remark,
  }));
  const overrides = overrideRows
    .filter((o) => isFeatureFlag(o.feature))
    .map((o) => ({ feature: o.feature, enabled: o.enabled }));
  const owesEula = eula && (row.eula_accepted_id === null || row.eula_accepted_id < eula.id);
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin,
    isSupport: row.is_support,
    twoFactorAuth: row.two_factor_auth,
    preferredLanguage: row.preferred_language,
    organizationId: row.organization_id,
    organizationAddress: row.org_address,
    organizationRole: row.org_role,
    organization: {
      id: row.organization_id,
      name: row.org_name,
      address: row.org_address,
      role: row.org_role,
      walletUrl: row.org_wallet_url,
      sealingPublicKey: row.org_sealing_public_key,
      invitedByMsc: row.org_invited_by_msc,
      isConnectedtoCpoint: row.org_is_connected_to_cpoint,
    },
    subscriptions,
    features: featuresFor(subscriptions, overrides),
    eulaToSign: owesEula ? { id: eula.id, url: eula.url } : null,
    termsAcceptedAt: row.terms_accepted_at ? new Date(row.terms_accepted_at).toISOString() : null,
    invitedByMsc: row.org_invited_by_msc,
    isConnectedtoCpoint: row.org_is_connected_to_cpoint,
  };
}
