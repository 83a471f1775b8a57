import type { Knex } from 'knex';
import type { OrganizationView } from './organizations.schema.ts';
import type { DbRow } from '../admin-common/db-row.ts';

/** The columns every organisation answer reads, with its count of active users. */
export function organizationColumns(db: Knex | Knex.Transaction) {
  return [
    'o.*',
    db.raw(
      '(select count(*) from users u where u.organization_id = o.id and u.is_active)::int as user_count',
    ),
  ];
}

/** A database row → what the admin section sees: all of it, or only what identifies it. */
export function presentOrganization(
  row: DbRow,
  access: OrganizationView['access'],
): OrganizationView {
  const summary = { id: row.id, name: row.name, address: row.address, role: row.role, access };
  if (access === 'summary') return summary;
  return {
    ...summary,
    vat: row.vat,
    streetNbr: row.street_nbr,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country,
    walletUrl: row.wallet_url,
    sealingPublicKey: row.sealing_public_key,
    invitedByMsc: row.invited_by_msc,
    isConnectedtoCpoint: row.is_connected_to_cpoint,
    userCount: Number(row.user_count ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** API field → column, for the fields a patch may change. */
export const organizationColumnOf: Record<string, string> = {
  name: 'name',
  role: 'role',
  vat: 'vat',
  streetNbr: 'street_nbr',
  postalCode: 'postal_code',
  city: 'city',
  country: 'country',
  walletUrl: 'wallet_url',
  invitedByMsc: 'invited_by_msc',
  isConnectedtoCpoint: 'is_connected_to_cpoint',
};

/** The organisations connected to one, in either direction and any status. */
export function connectedOrganizationIds(db: Knex | Knex.Transaction, organizationId: number) {
  return db('organization_connections')
    .where('organization_id', organizationId)
    .select('connected_organization_id as id')
    .union((q) =>
      q
        .from('organization_connections')
        .where('connected_organization_id', organizationId)
        .select('organization_id as id'),
    );
}
