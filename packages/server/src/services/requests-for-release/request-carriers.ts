import type { Params } from '@feathersjs/feathers';
import {
  requestCarrierIds,
  requiredBlPrefixes,
  type RequestCarrier,
  type SessionUser,
} from '@scr/domain';
import type { Knex } from 'knex';
import type { Application } from '../../declarations.ts';
import { requestSideOf } from './request-access.ts';

/** An offered carrier with its organisation id. */
export interface OfferedCarrier extends RequestCarrier {
  id: number;
}

/**
 * The carriers a requester may address (access spec §9, releases spec §6): the organisations
 * named in the remark of its active subscription 11 that are carriers, by name.
 */
export async function offeredCarriers(
  db: Knex | Knex.Transaction,
  user: Pick<SessionUser, 'subscriptions'>,
): Promise<OfferedCarrier[]> {
  const ids = requestCarrierIds(user.subscriptions);
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
    const user = requestSideOf(params, 'sent');
    const carriers = await offeredCarriers(this.app.get('knex'), user);
    return carriers.map(({ id: _id, ...carrier }) => carrier);
  }
}
