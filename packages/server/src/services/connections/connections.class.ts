import type { Id, Params } from '@feathersjs/feathers';
import type { Knex } from 'knex';
import { actorOf, authorize, listScope, may } from '../../auth/admin-policy.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import { pageOf, type Page } from '../../kit/paging.ts';
import type {
  ConnectionCreate,
  ConnectionPatch,
  ConnectionQuery,
  ConnectionView,
} from './connections.schema.ts';
import type { DbRow } from '../../kit/db-row.ts';

const columns = [
  'c.*',
  'a.name as a_name',
  'a.address as a_address',
  'a.role as a_role',
  'b.name as b_name',
  'b.address as b_address',
  'b.role as b_role',
];

const rowsOf = (db: Knex | Knex.Transaction) =>
  db('organization_connections as c')
    .join('organizations as a', 'a.id', 'c.organization_id')
    .join('organizations as b', 'b.id', 'c.connected_organization_id');

const sides = (row: { organization_id: number; connected_organization_id: number }) => ({
  organizationIds: [row.organization_id, row.connected_organization_id],
});

/**
 * `connections` between organisations (access spec §6, releases spec §6): an admin asks from its
 * organisation to another (`requested`); the other side's admin or support finalises it; either
 * side or support removes it. One per pair, whichever side asked (409 already_exists).
 */
export class ConnectionsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<ConnectionView>> {
    const query = (params.query ?? {}) as ConnectionQuery;
    const scope = listScope(params, 'connection.list');
    const knex = this.app.get('knex');
    const rows = rowsOf(knex);
    const involving = (organizationId: number) =>
      rows.where((q) =>
        q
          .where('c.organization_id', organizationId)
          .orWhere('c.connected_organization_id', organizationId),
      );
    if (scope !== 'all') involving(scope);
    if (query.organizationId !== undefined) {
      authorize(params, 'connection.list', { organizationIds: [query.organizationId] });
      involving(query.organizationId);
    }
    if (query.status) rows.where('c.status', query.status);
    return pageOf(rows, {
      paging: query,
      select: (q) => q.select(columns).orderBy([{ column: 'c.created_at', order: 'desc' }, 'c.id']),
      present: (row: Record<string, unknown>) => this.present(row, params),
    });
  }

  async get(id: Id, params: Params = {}): Promise<ConnectionView> {
    const row = await this.visibleRow(this.app.get('knex'), id, params);
    return this.present(row, params);
  }

  async create(data: ConnectionCreate, params: Params = {}): Promise<ConnectionView> {
    const actor = actorOf(params);
    const organizationId =
      data.organizationId ?? ('organizationId' in actor ? actor.organizationId : undefined);
    if (organizationId === undefined) {
      throw appError('validation_failed', { fields: { organizationId: 'validation.required' } });
    }
    authorize(params, 'connection.request', { organizationIds: [organizationId], visible: true });
    if (data.status === 'finalized') {
      authorize(params, 'connection.finalize', {
        organizationIds: [data.connectedOrganizationId],
        visible: true,
      });
    }
    if (organizationId === data.connectedOrganizationId) {
      throw appError('validation_failed', {
        message: 'An organisation cannot connect to itself.',
        fields: { connectedOrganizationId: 'validation.self' },
      });
    }
    const knex = this.app.get('knex');
    const found = await knex('organizations')
      .whereIn('id', [organizationId, data.connectedOrganizationId])
      .count({ n: '*' });
    if (Number(found[0]?.n) !== 2) throw appError('not_found');
    const [row] = await knex('organization_connections')
      .insert({
        organization_id: organizationId,
        connected_organization_id: data.connectedOrganizationId,
        status: data.status ?? 'requested',
      })
      .returning('id');
    return this.get(row.id, params);
  }

  async patch(id: Id | null, _data: ConnectionPatch, params: Params = {}) {
    return inTransaction(this.app.get('knex'), async (trx) => {
      const row = await this.visibleRow(trx, id, params, true);
      authorize(params, 'connection.finalize', {
        organizationIds: [row.connected_organization_id],
        visible: true,
      });
      if (row.status !== 'finalized') {
        await trx('organization_connections')
          .where({ id: row.id })
          .update({ status: 'finalized', updated_at: trx.fn.now() });
      }
      return this.present(await this.visibleRow(trx, row.id, params), params);
    });
  }

  async remove(id: Id | null, params: Params = {}): Promise<ConnectionView> {
    return inTransaction(this.app.get('knex'), async (trx) => {
      const row = await this.visibleRow(trx, id, params, true);
      authorize(params, 'connection.remove', sides(row));
      await trx('organization_connections').where({ id: row.id }).delete();
      return this.present(row, params);
    });
  }

  /** The row, if the caller is one of its sides (or support); else 404, so it does not leak. */
  private async visibleRow(
    db: Knex | Knex.Transaction,
    id: Id | null,
    params: Params,
    lock = false,
  ) {
    const connectionId = Number(id);
    const query = rowsOf(db).where('c.id', connectionId);
    if (lock) query.forUpdate('c');
    const row = Number.isSafeInteger(connectionId) ? await query.first(columns) : undefined;
    authorize(params, 'connection.list', row ? sides(row) : { organizationIds: [] });
    if (!row) throw appError('not_found');
    return row;
  }

  private present(row: DbRow, params: Params): ConnectionView {
    const actions: ConnectionView['actions'] = [];
    const finalizer = { organizationIds: [row.connected_organization_id], visible: true };
    if (row.status === 'requested' && may(params, 'connection.finalize', finalizer)) {
      actions.push('finalize');
    }
    if (may(params, 'connection.remove', sides(row as never))) actions.push('remove');
    return {
      id: row.id,
      status: row.status,
      organization: {
        id: row.organization_id,
        name: row.a_name,
        address: row.a_address,
        role: row.a_role,
      },
      connectedOrganization: {
        id: row.connected_organization_id,
        name: row.b_name,
        address: row.b_address,
        role: row.b_role,
      },
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      actions,
    };
  }
}
