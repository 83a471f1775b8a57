import type { Knex } from 'knex';
import type { OrganizationLookup, OrganizationView } from './organizations.schema.ts';
import type { DbRow } from '../../kit/db-row.ts';

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
    securePickupEnabled: row.secure_pickup_enabled,
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
  securePickupEnabled: 'secure_pickup_enabled',
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

/**
 * Organisations with the finalised connection (if any) between each and `ownId`, whichever side
 * asked: one row per organisation (a pair has one connection), `c.*` null when unconnected. For
 * the releases area's lookups (releases spec §3 "Other lookups", §7 `organizations`).
 */
export function withFinalizedConnection(db: Knex | Knex.Transaction, ownId: number) {
  return db('organizations as o').leftJoin('organization_connections as c', (join) =>
    join
      .onVal('c.status', 'finalized')
      .andOn((pair) =>
        pair
          .on((asked) =>
            asked.on('c.organization_id', 'o.id').andOnVal('c.connected_organization_id', ownId),
          )
          .orOn((askedBy) =>
            askedBy.on('c.connected_organization_id', 'o.id').andOnVal('c.organization_id', ownId),
          ),
      ),
  );
}

/** The columns `presentLookup` reads, for a query built on `withFinalizedConnection`. */
export const lookupColumns = [
  'o.id',
  'o.name',
  'o.address',
  'o.role',
  'o.sealing_public_key',
  'o.street_nbr',
  'o.postal_code',
  'o.city',
  'c.reference',
  'c.customer_reference',
];

/** Name order, as lists of organisations are shown. */
export const byName = 'lower(o.name), o.id';

/** A row → an organisation as the releases area sees it: a transfer target or a party. */
export function presentLookup(row: DbRow): OrganizationLookup {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    role: row.role,
    sealingPublicKey: row.sealing_public_key ?? null,
    streetNumber: row.street_nbr ?? null,
    postalCode: row.postal_code ?? null,
    city: row.city ?? null,
    reference: row.reference ?? null,
    customerReference: row.customer_reference ?? null,
  };
}
