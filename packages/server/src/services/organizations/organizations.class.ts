import type { Id, Params } from '@feathersjs/feathers';
import { actorOf, authorize, listScope, may } from '../../auth/admin-policy.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { likePattern, pageOf, type Page } from '../admin-common/paging.ts';
import { createOrganization } from './create-organization.ts';
import {
  connectedOrganizationIds,
  organizationColumnOf,
  organizationColumns,
  presentOrganization,
} from './organization-rows.ts';
import {
  addressFieldNames,
  type OrganizationCreate,
  type OrganizationPatch,
  type OrganizationQuery,
  type OrganizationView,
} from './organizations.schema.ts';

/**
 * `organizations` for the admin section (access spec §3 "Organisation", §6). Support sees and
 * edits every organisation; an organisation admin sees its own in full, the organisations it is
 * connected to, and others only by name and address when it searches for one to connect to.
 */
export class OrganizationsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<OrganizationView>> {
    const query = (params.query ?? {}) as OrganizationQuery;
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

  async get(id: Id, params: Params = {}): Promise<OrganizationView> {
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
    const { organizationId } = await createOrganization(this.app.get('knex'), data);
    return this.get(organizationId, {});
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
    const updated = Number.isSafeInteger(organizationId)
      ? await knex('organizations').where({ id: organizationId }).update(changes)
      : 0;
    if (updated === 0) throw appError('not_found');
    return this.get(organizationId, params);
  }
}
