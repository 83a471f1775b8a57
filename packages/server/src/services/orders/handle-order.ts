import { flavorPlans, orderSubscriptionEnd, type OrderPatch, type OrderView } from '@scr/domain';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { orderRow, presentOrder } from './order-rows.ts';

/**
 * The subscriptions an order becomes: for every ordered organisation, the plan of its flavour
 * from the order's start date, to the end of twelve months when invoiced yearly and open-ended
 * when monthly (access spec §9), with the order named in the remark.
 */
async function subscribe(trx: Knex.Transaction, order: DbRow): Promise<number[]> {
  const organizations = order.organizations as { id: number }[];
  const rows = await trx('subscriptions')
    .insert(
      organizations.map((org) => ({
        organization_id: org.id,
        subscription_id: flavorPlans[order.flavor as keyof typeof flavorPlans],
        start_date: order.start_date,
        end_date: orderSubscriptionEnd(order.start_date, order.invoice_frequency),
        remark: `Premium order ${order.id}`,
      })),
    )
    .returning('id');
  return rows.map((row: { id: number }) => row.id);
}

/**
 * Support converts a new order into subscriptions or cancels it, once: an order already
 * handled answers 409 `order_already_handled`, and nothing changes.
 */
export async function handleOrder(
  knex: Knex,
  id: unknown,
  change: OrderPatch,
  handledBy: number | null,
): Promise<OrderView> {
  return inTransaction(knex, async (trx) => {
    const order = await orderRow(trx, id, true);
    if (!order) throw appError('not_found');
    if (order.status !== 'new') throw appError('order_already_handled');
    const subscriptionIds = change.status === 'converted' ? await subscribe(trx, order) : [];
    await trx('orders').where({ id: order.id }).update({
      status: change.status,
      handled_at: trx.fn.now(),
      handled_by: handledBy,
      subscription_ids: subscriptionIds,
    });
    return presentOrder((await orderRow(trx, order.id))!);
  });
}
