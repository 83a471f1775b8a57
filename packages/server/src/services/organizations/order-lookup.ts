import type { Params } from '@feathersjs/feathers';
import {
  organisationSize,
  paidPremiumPlanIds,
  todayInBrussels,
  type OrderOrganization,
} from '@scr/domain';
import type { Knex } from 'knex';
import { actorOf } from '../../auth/admin-policy.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { likePattern, pageOf, type Page } from '../../kit/paging.ts';

/** The most organisations one lookup of the order page answers. */
const orderLookupLimit = 20;

/**
 * The columns of an order lookup: the organisation, its active users' count and the latest end
 * of its current paid Premium plan (access spec §3 "Organisation (order and admin)": usercount,
 * premium_enddate), today being today in Brussels.
 */
export function orderOrganizationColumns(db: Knex | Knex.Transaction, today = todayInBrussels()) {
  return [
    'o.id',
    'o.name',
    'o.address',
    'o.role',
    'o.vat',
    'o.city',
    'o.country',
    db.raw(
      '(select count(*) from users u where u.organization_id = o.id and u.is_active)::int as user_count',
    ),
    db.raw(
      `(select max(s.end_date) from subscriptions s where s.organization_id = o.id
        and s.subscription_id = any(?) and s.start_date <= ? and s.end_date >= ?) as premium_end_date`,
      [[...paidPremiumPlanIds], today, today],
    ),
  ];
}

/** A row of `orderOrganizationColumns` → what the order page sees: the size, not the count itself. */
export function presentOrderOrganization(row: DbRow): OrderOrganization {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    role: row.role,
    vat: row.vat ?? null,
    city: row.city ?? null,
    country: row.country ?? null,
    size: organisationSize(Number(row.user_count ?? 0)),
    premiumEndDate: row.premium_end_date ?? null,
  };
}

/**
 * Access spec §7 "Order and organisations": `GET organizations?field=…` finds organisations by
 * name or VAT number (case-insensitive, at most 20), and `?address=…&countUsers=true` reads the
 * given ones (the page's own organisation), for any signed-in user: the order page offers any
 * organisation to order for, with what its price and start date need.
 */
export async function orderLookup(
  db: Knex,
  query: { field?: string; address?: string | { $in: string | string[] } },
  params: Params,
): Promise<Page<OrderOrganization>> {
  if (actorOf(params).kind === 'nobody') throw appError('forbidden');
  const field = query.field?.trim() ?? '';
  // Neither a search nor addresses: nothing asked, so the list of every organisation is not given.
  if (!field && query.address === undefined) {
    return { total: 0, limit: orderLookupLimit, skip: 0, data: [] };
  }
  const rows = db('organizations as o');
  if (field) {
    const pattern = likePattern(field);
    rows.where((q) => q.whereILike('o.name', pattern).orWhereILike('o.vat', pattern));
  }
  if (query.address !== undefined) {
    const addresses = [typeof query.address === 'string' ? query.address : query.address.$in]
      .flat()
      .map((address) => address.toLowerCase());
    rows.whereRaw('lower(o.address) = any(?)', [addresses]);
  }
  return pageOf(rows, {
    paging: { $limit: orderLookupLimit },
    select: (q) => q.select(orderOrganizationColumns(db)).orderByRaw('lower(o.name), o.id'),
    present: presentOrderOrganization,
  });
}
