import { usesCloudWallet } from '@scr/domain';
import { walletUsersTable } from '@scr/wallet';
import type { Knex } from 'knex';
import type { AdminUserView } from './users.schema.ts';
import { personOf } from '../../auth/session-user.ts';
import type { DbRow } from '../../kit/db-row.ts';

/** Users joined with their organisation and whether the cloud wallet holds their keystore. */
export function userRows(db: Knex | Knex.Transaction) {
  return db('users as u')
    .join('organizations as o', 'o.id', 'u.organization_id')
    .leftJoin(`${walletUsersTable} as w`, (join) =>
      join.on('w.user_id', '=', db.raw('u.id::text')).andOn('w.address', '=', 'o.address'),
    );
}

export const userColumns = [
  'u.*',
  'o.name as org_name',
  'o.address as org_address',
  'o.wallet_url as org_wallet_url',
  'w.user_id as wallet_user_id',
];

export function presentUser(row: DbRow): AdminUserView {
  return {
    ...personOf(row),
    isActive: row.is_active,
    organizationName: row.org_name,
    organizationAddress: row.org_address,
    wallet: !usesCloudWallet(row.org_wallet_url)
      ? 'external'
      : row.wallet_user_id
        ? 'ready'
        : 'missing',
    signInAddress: row.sign_in_address ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** API field → column, for what an admin may change. */
export const userColumnOf: Record<string, string> = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  isAdmin: 'is_admin',
  isSupport: 'is_support',
  isActive: 'is_active',
  twoFactorAuth: 'two_factor_auth',
  preferredLanguage: 'preferred_language',
};
