import type { OrderView } from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../../kit/db-row.ts';

/** The orders table joined with what an order answer names: its orderer and invoice organisation. */
export function orderRows(db: Knex | Knex.Transaction) {
  return db('orders as r')
    .join('users as u', 'u.id', 'r.user_id')
    .join('organizations as o', 'o.id', 'r.organization_id')
    .join('organizations as i', 'i.id', 'r.invoice_organization_id');
}

/** The columns `presentOrder` reads, for a query built on `orderRows`. */
export const orderColumns = [
  'r.*',
  'u.email as orderer_email',
  'u.first_name as orderer_first_name',
  'u.last_name as orderer_last_name',
  'o.name as orderer_organization_name',
  'i.name as invoice_organization_name',
];

const isoMoment = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** A row of `orderRows` → the order as its orderer and support see it. */
export function presentOrder(row: DbRow): OrderView {
  return {
    id: row.id,
    status: row.status,
    organizations: row.organizations,
    flavor: row.flavor,
    locations: row.locations,
    formula: row.formula,
    monthlyFee: row.monthly_fee,
    invoiceFrequency: row.invoice_frequency,
    invoiceAmount: row.invoice_amount,
    invoiceOrganization: { id: row.invoice_organization_id, name: row.invoice_organization_name },
    invoiceEmail: row.invoice_email,
    po: row.po ?? null,
    startDate: row.start_date,
    orderedBy: {
      userId: row.user_id,
      email: row.orderer_email,
      name: `${row.orderer_first_name} ${row.orderer_last_name}`.trim(),
      organizationName: row.orderer_organization_name,
    },
    createdAt: isoMoment(row.created_at)!,
    handledAt: isoMoment(row.handled_at),
    subscriptionIds: (row.subscription_ids ?? []).map(Number),
  };
}

/** One order by id, locked for a change when `forUpdate`; undefined when there is none. */
export async function orderRow(
  db: Knex | Knex.Transaction,
  id: unknown,
  forUpdate = false,
): Promise<DbRow | undefined> {
  const orderId = Number(id);
  if (!Number.isSafeInteger(orderId) || orderId < 1) return undefined;
  const query = orderRows(db).where('r.id', orderId).first(orderColumns);
  return forUpdate ? query.forUpdate('r') : query;
}
