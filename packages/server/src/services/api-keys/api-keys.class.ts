import type { Id, Params } from '@feathersjs/feathers';
import type { Knex } from 'knex';
import { actorOf, authorize, listScope } from '../../auth/admin-policy.ts';
import { isApiKeyScope } from '../../auth/api-key-scopes.ts';
import { generateApiKey } from '../../auth/api-key-secret.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import { pageOf, type Page } from '../../kit/paging.ts';
import type { ApiKeyCreate, ApiKeyQuery, ApiKeyView, CreatedApiKey } from './api-keys.schema.ts';
import type { DbRow } from '../../kit/db-row.ts';
import {
  endMachineWallets,
  revokeMachineWalletUsers,
  type EndedMachineWalletUser,
} from '../machine-wallet-users/revoke-machine-wallet-users.ts';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

const rowsOf = (db: Knex | Knex.Transaction) =>
  db('api_keys as k').join('organizations as o', 'o.id', 'k.organization_id');

const columns = [
  'k.id',
  'k.organization_id',
  'o.name as org_name',
  'k.name',
  'k.prefix',
  'k.scopes',
  'k.created_at',
  'k.last_used_at',
  'k.revoked_at',
];

function present(row: DbRow): ApiKeyView {
  return {
    id: row.id,
    organizationId: row.organization_id,
    organizationName: row.org_name,
    name: row.name,
    prefix: row.prefix,
    scopes: (row.scopes as unknown[]).filter(isApiKeyScope),
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

/**
 * `api-keys` for machines (DESIGN §3): an organisation admin (or support, for any organisation)
 * makes a named key with scopes and sees it once; only a salted hash is kept. Removing a key
 * revokes it: it stays listed, and stops authenticating at once.
 */
export class ApiKeysService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<ApiKeyView>> {
    const query = (params.query ?? {}) as ApiKeyQuery;
    const scope = listScope(params, 'apiKey.manage');
    const rows = rowsOf(this.app.get('knex'));
    if (scope !== 'all') rows.where('k.organization_id', scope);
    if (query.organizationId !== undefined) {
      authorize(params, 'apiKey.manage', { organizationIds: [query.organizationId] });
      rows.where('k.organization_id', query.organizationId);
    }
    if (query.includeRevoked === false) rows.whereNull('k.revoked_at');
    return pageOf(rows, {
      paging: query,
      select: (q) => q.select(columns).orderBy([{ column: 'k.created_at', order: 'desc' }, 'k.id']),
      present,
    });
  }

  async create(data: ApiKeyCreate, params: Params = {}): Promise<CreatedApiKey> {
    const actor = actorOf(params);
    const organizationId =
      data.organizationId ?? ('organizationId' in actor ? actor.organizationId : undefined);
    if (organizationId === undefined) {
      throw appError('validation_failed', { fields: { organizationId: 'validation.required' } });
    }
    authorize(params, 'apiKey.manage', { organizationIds: [organizationId], visible: true });
    const knex = this.app.get('knex');
    if (!(await knex('organizations').where({ id: organizationId }).first('id'))) {
      throw appError('not_found');
    }
    const made = generateApiKey();
    const [row] = await knex('api_keys')
      .insert({
        organization_id: organizationId,
        name: data.name.trim(),
        prefix: made.prefix,
        salt: made.salt,
        secret_hash: made.secretHash,
        scopes: JSON.stringify(data.scopes),
        created_by_user_id: 'userId' in actor ? actor.userId : null,
      })
      .returning('id');
    const view = await this.row(knex, row.id);
    return { ...present(view), key: made.key };
  }

  async remove(id: Id | null, params: Params = {}): Promise<ApiKeyView> {
    const { view, ended } = await inTransaction(this.app.get('knex'), async (trx) => {
      const current = await this.row(trx, id, true);
      authorize(params, 'apiKey.manage', { organizationIds: [current?.organization_id ?? null] });
      if (!current) throw appError('not_found');
      let ended: EndedMachineWalletUser[] = [];
      if (!current.revoked_at) {
        const actor = actorOf(params);
        const byUserId = 'userId' in actor ? actor.userId : null;
        await trx('api_keys')
          .where({ id: current.id })
          .update({ revoked_at: trx.fn.now(), revoked_by_user_id: byUserId });
        // The key's machine wallet user goes with it (domain `machine-wallet-users.ts`).
        ended = await revokeMachineWalletUsers(trx, { apiKeyId: current.id }, byUserId);
      }
      return { view: present(await this.row(trx, current.id)), ended };
    });
    await endMachineWallets(this.app, ended);
    return view;
  }

  private async row(db: Knex | Knex.Transaction, id: Id | null, lock = false) {
    const keyId = Number(id);
    if (!Number.isSafeInteger(keyId)) return undefined;
    const query = rowsOf(db).where('k.id', keyId);
    if (lock) query.forUpdate('k');
    return query.first(columns);
  }
}
