import type { Params } from '@feathersjs/feathers';
import {
  requestCarrierIds,
  requiredBlPrefixes,
  type RequestCarrier,
  type Subscription,
} from '@scr/domain';
import type { Knex } from 'knex';
import type { Application } from '../../declarations.ts';
import { requestCallerOf, type RequestCaller } from './request-access.ts';

/** An offered carrier with its organisation id. */
export interface OfferedCarrier extends RequestCarrier {
  id: number;
}

/** The organisation's subscriptions with their remarks (subscription 11 lists its carriers). */
async function subscriptionsOf(
  db: Knex | Knex.Transaction,
  organizationId: number,
): Promise<Subscription[]> {
  const rows = await db('subscriptions').where({ organization_id: organizationId }).orderBy('id');
  return rows.map((row) => ({
    subscriptionId: row.subscription_id,
    startDate: row.start_date,
    endDate: row.end_date,
    remark: row.remark,
  }));
}

/**
 * The carriers a requester may address (access spec §9, releases spec §6): the organisations
 * named in the remark of its active subscription 11 that are carriers, by name. A person's
 * subscriptions come with the session; a system's are read here.
 */
export async function offeredCarriers(
  db: Knex | Knex.Transaction,
  caller: Pick<RequestCaller, 'organizationId' | 'subscriptions'>,
): Promise<OfferedCarrier[]> {
  const subscriptions = caller.subscriptions ?? (await subscriptionsOf(db, caller.organizationId));
  const ids = requestCarrierIds(subscriptions);
  if (ids.length === 0) return [];
  const rows = await db('organizations')
    .whereIn('id', ids)
    .where({ role: 'carrier' })
    .orderBy('name')
    .select('id', 'address', 'name');
  return rows.map((row) => ({
    id: row.id,
    address: row.address,
    name: row.name,
    blPrefixes: [...requiredBlPrefixes(row.name)],
  }));
}

/** `GET /api/requests-for-release/carriers`: the carriers of the request form's list. */
export class RequestCarriersService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<RequestCarrier[]> {
    const caller = requestCallerOf(params, 'sent');
    const carriers = await offeredCarriers(this.app.get('knex'), caller);
    return carriers.map(({ id: _id, ...carrier }) => carrier);
  }
}
