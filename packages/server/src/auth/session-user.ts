import {
  featuresFor,
  isFeatureFlag,
  type Language,
  type SessionUser,
  type Subscription,
} from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../kit/db-row.ts';

export type { SessionUser };

/** The person a users row describes, as the session and the admins' user list both answer it. */
export function personOf(row: DbRow) {
  return {
    id: row.id as number,
    email: row.email as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    isAdmin: row.is_admin as boolean,
    isSupport: row.is_support as boolean,
    twoFactorAuth: row.two_factor_auth as SessionUser['twoFactorAuth'],
    preferredLanguage: row.preferred_language as Language, // NOT NULL, default 'en'
    organizationId: row.organization_id as number,
  } satisfies Partial<SessionUser>;
}

/** The published EULAs, latest first: a user who accepted an older one (or none) must sign it. */
const publishedEulas = (db: Knex | Knex.Transaction) =>
  db('eulas').where('published_at', '<=', db.fn.now()).orderBy('id', 'desc');

/** The latest published EULA. */
export async function latestEula(db: Knex | Knex.Transaction) {
  return publishedEulas(db).first<{ id: number; url: string } | undefined>('id', 'url');
}

/**
 * The subscriptions and the feature overrides of the user's organisation, as JSON columns of
 * the one query (as is the latest EULA): every authenticated call loads its user, and four
 * round trips were a third of the queries the API tests made (issue 10 §7). DATE columns come
 * out of `json_build_object` as the same `YYYY-MM-DD` text the row's own DATE columns give
 * (pg-types.ts).
 */
const subscriptionsColumn = `(select coalesce(json_agg(json_build_object(
    'subscriptionId', s.subscription_id, 'startDate', s.start_date, 'endDate', s.end_date,
    'remark', s.remark) order by s.id), '[]'::json)
  from subscriptions s where s.organization_id = u.organization_id) as subscriptions`;
const overridesColumn = `(select coalesce(json_agg(json_build_object(
    'feature', f.feature, 'enabled', f.enabled)), '[]'::json)
  from organization_features f where f.organization_id = u.organization_id) as feature_overrides`;

/** The users row (`u`) with its organisation and everything the session answers about them. */
function sessionUserQuery(db: Knex | Knex.Transaction) {
  return db('users as u')
    .join('organizations as o', 'o.id', 'u.organization_id')
    .where({ 'u.is_active': true });
}

/**
 * Named, not `u.*`: the session caller's statement is prepared once per connection (PostgreSQL),
 * and a prepared `u.*` fails with "cached plan must not change result type" on every call once
 * a rolling deployment's migration adds a column to `users`.
 */
const userColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'is_admin',
  'is_support',
  'two_factor_auth',
  'preferred_language',
  'organization_id',
  'eula_accepted_id',
  'terms_accepted_at',
].map((column) => `u.${column}`);

const sessionUserColumns = (db: Knex | Knex.Transaction) => [
  ...userColumns,
  'o.name as org_name',
  'o.address as org_address',
  'o.role as org_role',
  'o.wallet_url as org_wallet_url',
  'o.sealing_public_key as org_sealing_public_key',
  'o.invited_by_msc as org_invited_by_msc',
  'o.is_connected_to_cpoint as org_is_connected_to_cpoint',
  db.raw(subscriptionsColumn),
  db.raw(overridesColumn),
  publishedEulas(db)
    .limit(1)
    .select(db.raw("json_build_object('id', id, 'url', url)"))
    .as('latest_eula'),
];

/** Loads an active user with everything the session answers; null for an unknown or inactive one. */
export async function loadSessionUser(
  db: Knex | Knex.Transaction,
  userId: number,
): Promise<SessionUser | null> {
  const row = await sessionUserQuery(db)
    .where({ 'u.id': userId })
    .first(...sessionUserColumns(db));
  return row ? sessionUserOf(row) : null;
}

/** The columns of `auth_sessions` a call's authentication reads. */
export interface SessionRow {
  id: string;
  revokedAt: Date | string | null;
  createdAt: Date | string;
  twoFactorValidatedAt: Date | string | null;
}

/**
 * Who calls with a session's token, in ONE statement: the session row and its active user with
 * organisation, subscriptions, features and EULA (issue 42 item 8: every authenticated call
 * starts with it, and it took two round trips, the user's and then the session's). Null when
 * the session is unknown or not this user's, or the user is unknown or inactive.
 *
 * `prepared` (PostgreSQL only): a named statement, parsed and planned once per connection. Its
 * plan took 0.3 ms of PostgreSQL's time each call; the call took 1.05 ms unnamed against 0.24
 * named, here. Not on PGlite: its one backend outlives the pool's connection objects, so a new
 * one would prepare the name again and fail. Not through a pooler in transaction mode.
 */
export async function loadSessionCaller(
  db: Knex | Knex.Transaction,
  userId: number,
  sessionId: string,
  { prepared = false } = {},
): Promise<{ user: SessionUser; session: SessionRow } | null> {
  const query = sessionUserQuery(db);
  if (prepared) query.options({ name: 'session_caller' });
  const row = await query
    .join('auth_sessions as s', function onSession() {
      this.on('s.user_id', '=', 'u.id').andOn('s.id', '=', db.raw('?', [sessionId]));
    })
    .where({ 'u.id': userId })
    .first(
      ...sessionUserColumns(db),
      's.id as session_id',
      's.revoked_at as session_revoked_at',
      's.created_at as session_created_at',
      's.two_factor_validated_at as session_two_factor_validated_at',
    );
  if (!row) return null;
  return {
    user: sessionUserOf(row),
    session: {
      id: row.session_id,
      revokedAt: row.session_revoked_at,
      createdAt: row.session_created_at,
      twoFactorValidatedAt: row.session_two_factor_validated_at,
    },
  };
}

/** A row of sessionUserQuery as the session answers it. */
function sessionUserOf(row: DbRow): SessionUser {
  const subscriptions: Subscription[] = row.subscriptions;
  const overrides = (row.feature_overrides as { feature: string; enabled: boolean }[]).flatMap(
    ({ feature, enabled }) => (isFeatureFlag(feature) ? [{ feature, enabled }] : []),
  );
  const eula = row.latest_eula as { id: number; url: string } | null;
  const owesEula = eula && (row.eula_accepted_id === null || row.eula_accepted_id < eula.id);
  return {
    ...personOf(row),
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
