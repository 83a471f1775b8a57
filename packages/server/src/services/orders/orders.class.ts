import type { Id, Params } from '@feathersjs/feathers';
import type { Page } from '@scr/domain';
import { actorOf, authorize, may } from '../../auth/admin-policy.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { pageOf } from '../../kit/paging.ts';
import { handleOrder } from './handle-order.ts';
import { orderColumns, orderRow, orderRows, presentOrder } from './order-rows.ts';
import { placeOrder } from './place-order.ts';
import type { OrderCreate, OrderPatch, OrderQuery, OrderView } from './orders.schema.ts';

/** The signed-in person of a call; an internal call has none and may not order. */
function personOf(params: Params): SessionUser {
  const user = params.user as SessionUser | undefined;
  if (!user) throw appError('forbidden');
  return user;
}

/**
 * `orders` (access spec §3 "Premium order", §7 "Order and organisations"): any signed-in user
 * orders, with or without an active subscription, and reads back its own organisation's
 * orders; support lists them all and turns one into subscriptions (the admin policy's
 * `subscription.manage`, support's alone). Another organisation's order answers not found.
 */
export class OrdersService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<OrderView>> {
    authorize(params, 'subscription.manage');
    const query = (params.query ?? {}) as OrderQuery;
    const rows = orderRows(this.app.get('knex'));
    if (query.status) rows.where('r.status', query.status);
    return pageOf(rows, {
      paging: query,
      select: (q) => q.select(orderColumns).orderBy([{ column: 'r.id', order: 'desc' }]),
      present: presentOrder,
    });
  }

  async get(id: Id, params: Params = {}): Promise<OrderView> {
    const row = await orderRow(this.app.get('knex'), id);
    const actor = actorOf(params);
    const own = 'organizationId' in actor && row?.organization_id === actor.organizationId;
    if (!row || !(own || may(params, 'subscription.manage'))) throw appError('not_found');
    return presentOrder(row);
  }

  async create(data: OrderCreate, params: Params = {}): Promise<OrderView> {
    return placeOrder(this.app, personOf(params), data);
  }

  async patch(id: Id | null, data: OrderPatch, params: Params = {}): Promise<OrderView> {
    const actor = authorize(params, 'subscription.manage');
    const handledBy = 'userId' in actor ? actor.userId : null;
    return handleOrder(this.app.get('knex'), id, data, handledBy);
  }
}
