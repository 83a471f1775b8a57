import type { Id, Params } from '@feathersjs/feathers';
import type { OrderOrganization } from '@scr/domain';
import { actorOf, authorize, listScope, may } from '../../auth/admin-policy.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { anyOf } from '../../kit/any-of.ts';
import { likePattern, maxPageSize, pageOf, type Page } from '../../kit/paging.ts';
import { inTransaction } from '../../db/transaction.ts';
import { endMachineWallets } from '../machine-wallet-users/revoke-machine-wallet-users.ts';
import { createOrganization } from './create-organization.ts';
import { listOf, lookupReachOf } from './lookup-reach.ts';
import { orderLookup } from './order-lookup.ts';
import {
  byName,
  connectedOrganizationIds,
  lookupColumns,
  organizationColumnOf,
  organizationColumns,
  presentLookup,
  presentOrganization,
  withFinalizedConnection,
} from './organization-rows.ts';
import {
  addressFieldNames,
  type OrganizationCreate,
  type OrganizationLookup,
  type OrganizationPatch,
  type OrganizationQuery,
  type OrganizationView,
  type OwnOrganization,
} from './organizations.schema.ts';
import { registerOrganizationKeys } from './register-keys.ts';

/**
 * `organizations` for the admin section (access spec §3 "Organisation", §6). Support sees and
 * edits every organisation; an organisation admin sees its own in full, the organisations it is
 * connected to, and others only by name and address when it searches for one to connect to.
 *
 * For the releases area (releases spec §3 "Other lookups", §7), any signed-in user: `get(0)` is
 * the caller's own organisation with its transfer targets, and a find by `address` answers the
 * organisations the caller may transfer to (and its own), never others.
 */
export class OrganizationsService {
  constructor(private readonly app: Application) {}

  async find(
    params: Params = {},
  ): Promise<Page<OrganizationView | OrganizationLookup | OrderOrganization>> {
    const query = (params.query ?? {}) as OrganizationQuery;
    if (query.field !== undefined || query.countUsers) {
      return orderLookup(this.app.get('knex'), query, params);
    }
    if (query.address !== undefined || query.id !== undefined || query.connected) {
      return this.lookup(query, params);
    }
    const knex = this.app.get('knex');
    const search = query.search?.trim() ?? '';
    // A search finds any organisation (to connect to); without one an admin sees its own circle.
    const scope = listScope(params, search ? 'organization.search' : 'organization.list');
    const own = actorOf(params);
    const ownId = 'organizationId' in own ? own.organizationId : null;
    const rows = knex('organizations as o');
    if (search) {
      const pattern = likePattern(search);
      rows.where((q) =>
        q
          .whereILike('o.name', pattern)
          .orWhereILike('o.vat', pattern)
          .orWhereILike('o.address', pattern),
      );
    }
    if (!search && scope !== 'all') {
      rows.where((q) =>
        q.where('o.id', scope).orWhereIn('o.id', connectedOrganizationIds(knex, scope)),
      );
    }
    if (query.role) rows.where('o.role', query.role);
    const full = may(params, 'organization.edit');
    return pageOf(rows, {
      paging: query,
      select: (q) => q.select(organizationColumns(knex)).orderByRaw('lower(o.name), o.id'),
      present: (row: Record<string, unknown>) =>
        presentOrganization(row, full || row.id === ownId ? 'full' : 'summary'),
    });
  }

  async get(id: Id, params: Params = {}): Promise<OrganizationView | OwnOrganization> {
    return String(id) === '0' ? this.own(params) : this.byId(id, params);
  }

  /** The admin section's organisation by id. */
  private async byId(id: Id, params: Params): Promise<OrganizationView> {
    const actor = authorize(params, 'organization.list');
    const knex = this.app.get('knex');
    const organizationId = Number(id);
    const row = Number.isSafeInteger(organizationId)
      ? await knex('organizations as o')
          .where('o.id', organizationId)
          .first(organizationColumns(knex))
      : undefined;
    if (!row) throw appError('not_found');
    if (may(params, 'organization.edit')) return presentOrganization(row, 'full');
    const ownId = 'organizationId' in actor ? actor.organizationId : null;
    if (row.id === ownId) return presentOrganization(row, 'full');
    const connected =
      ownId !== null &&
      (await connectedOrganizationIds(knex, ownId)).some(
        (other: { id: number }) => other.id === row.id,
      );
    // Another organisation an admin is not connected to does not exist for them.
    if (!connected) throw appError('not_found');
    return presentOrganization(row, 'summary');
  }

  async create(data: OrganizationCreate, params: Params = {}): Promise<OrganizationView> {
    authorize(params, 'organization.create');
    const { organizationId } = await createOrganization(this.app.get('knex'), data, {
      scryptN: this.app.get('walletScryptN'),
    });
    return this.byId(organizationId, {});
  }

  async patch(id: Id | null, data: OrganizationPatch, params: Params = {}) {
    const organizationId = Number(id);
    const onlyAddress = Object.keys(data).every((key) => addressFieldNames.includes(key));
    authorize(params, onlyAddress ? 'organization.editAddress' : 'organization.edit', {
      organizationIds: [organizationId],
    });
    const knex = this.app.get('knex');
    const changes: Record<string, unknown> = { updated_at: knex.fn.now() };
    for (const [field, value] of Object.entries(data)) {
      const column = organizationColumnOf[field];
      if (column) changes[column] = typeof value === 'string' ? value.trim() : value;
    }
    if (changes.wallet_url === '0') changes.wallet_url = null;
    if (!Number.isSafeInteger(organizationId)) throw appError('not_found');
    const actor = actorOf(params);
    const ended = await inTransaction(knex, async (trx) => {
      const keys = await registerOrganizationKeys(
        trx,
        organizationId,
        {
          ...data,
          ...('wallet_url' in changes ? { walletUrl: changes.wallet_url as string } : {}),
        },
        'userId' in actor ? actor.userId : null,
      );
      const updated = await trx('organizations')
        .where({ id: organizationId })
        .update({ ...changes, ...keys.columns });
      if (updated === 0) throw appError('not_found');
      return keys.ended;
    });
    await endMachineWallets(this.app, ended);
    return this.byId(organizationId, params);
  }

  /**
   * `get(0)`: the caller's organisation and every organisation with a finalised connection to it,
   * either way, by name. Requested connections are not listed; a terminal transfers to no one
   * (releases spec §6), so its list is empty. A carrier transfers too (spec §5), so it has one.
   */
  private async own(params: Params): Promise<OwnOrganization> {
    const reach = lookupReachOf(params);
    if (reach.organizationId === null) throw appError('not_found');
    const knex = this.app.get('knex');
    const row = await knex('organizations as o')
      .where('o.id', reach.organizationId)
      .first(lookupColumns.filter((column) => column.startsWith('o.')));
    if (!row) throw appError('not_found');
    const connections =
      reach.organizationRole === 'terminal'
        ? []
        : await withFinalizedConnection(knex, reach.organizationId)
            .whereNotNull('c.id')
            .select(lookupColumns)
            .orderByRaw(byName);
    const { reference: _reference, customerReference: _customer, ...own } = presentLookup(row);
    return { ...own, connections: connections.map(presentLookup) };
  }

  /**
   * A find by `address` or by `id` (one, or `$in` up to 100 of each; addresses in any case;
   * both given, an organisation must match both): support finds any organisation; anyone else,
   * a person or an API key, only its own and, unless a terminal, those with a finalised
   * connection to it (releases spec §7 `organizations`). Another organisation is simply absent,
   * so the answer tells nothing about it. With `connected`, only the organisations with a
   * finalised connection to the caller's (releases spec §6), whoever the caller is.
   */
  private async lookup(
    query: OrganizationQuery,
    params: Params,
  ): Promise<Page<OrganizationLookup>> {
    const reach = lookupReachOf(params);
    const knex = this.app.get('knex');
    // An internal call has no organisation, hence no connections (ids start at 1).
    const ownId = reach.organizationId ?? 0;
    const rows = withFinalizedConnection(knex, ownId);
    const addresses = listOf(query.address)?.map((address) => address.toLowerCase());
    if (addresses) rows.whereRaw('lower(o.address) = any(?)', [addresses]);
    const ids = listOf(query.id);
    if (ids) rows.whereRaw(...anyOf('o.id', ids, 'bigint'));
    if (query.connected) rows.whereNotNull('c.id').whereNot('o.id', ownId);
    if (!reach.everyone) {
      const terminal = reach.organizationRole === 'terminal';
      rows.where((q) =>
        terminal ? q.where('o.id', ownId) : q.where('o.id', ownId).orWhereNotNull('c.id'),
      );
    }
    const search = query.search?.trim() ?? '';
    if (search) {
      const pattern = likePattern(search);
      rows.where((q) => q.whereILike('o.name', pattern).orWhereILike('o.vat', pattern));
    }
    if (query.role) rows.where('o.role', query.role);
    return pageOf(rows, {
      // Every address asked for fits in one page unless the caller pages.
      paging: { $limit: query.$limit ?? maxPageSize, $skip: query.$skip },
      select: (q) => q.select(lookupColumns).orderByRaw(byName),
      present: presentLookup,
    });
  }
}
