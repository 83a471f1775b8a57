import { randomBytes } from 'node:crypto';
import type { Id, Params } from '@feathersjs/feathers';
import {
  machineWalletUserId,
  machineWalletUserMessages,
  machineWalletUserProblem,
} from '@scr/domain';
import { WalletError } from '@scr/wallet';
import type { Knex } from 'knex';
import { actorOf, authorize, listScope } from '../../auth/admin-policy.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { pageOf, type Page } from '../../kit/paging.ts';
import { recordUserAction } from '../../user-audit/record-user-action.ts';
import type {
  CreatedMachineWalletUser,
  MachineWalletUserCreate,
  MachineWalletUserQuery,
  MachineWalletUserView,
} from './machine-wallet-users.schema.ts';
import { endMachineWallets, revokeMachineWalletUsers } from './revoke-machine-wallet-users.ts';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

const rowsOf = (db: Knex | Knex.Transaction) =>
  db('machine_wallet_users as m')
    .join('organizations as o', 'o.id', 'm.organization_id')
    .join('api_keys as k', 'k.id', 'm.api_key_id')
    .leftJoin('users as c', 'c.id', 'm.created_by_user_id')
    .leftJoin('users as r', 'r.id', 'm.revoked_by_user_id');

const columns = [
  'm.id',
  'm.organization_id',
  'o.name as org_name',
  'm.name',
  'm.api_key_id',
  'k.name as key_name',
  'k.prefix as key_prefix',
  'm.created_at',
  'c.first_name as created_first',
  'c.last_name as created_last',
  'm.last_unlocked_at',
  'm.revoked_at',
  'r.first_name as revoked_first',
  'r.last_name as revoked_last',
];

const personName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

function present(row: DbRow): MachineWalletUserView {
  return {
    id: row.id,
    organizationId: row.organization_id,
    organizationName: row.org_name,
    name: row.name,
    walletUserId: machineWalletUserId(row.id),
    apiKeyId: row.api_key_id,
    apiKeyName: row.key_name,
    apiKeyPrefix: row.key_prefix,
    createdAt: iso(row.created_at)!,
    createdByName: personName(row.created_first, row.created_last),
    lastUnlockedAt: iso(row.last_unlocked_at),
    revokedAt: iso(row.revoked_at),
    revokedByName: personName(row.revoked_first, row.revoked_last),
  };
}

/** The secret a system unlocks its machine wallet user with: 256 random bits, named as ours. */
const newSecret = () => `scrw_${randomBytes(32).toString('base64url')}`;

/**
 * `machine-wallet-users` (README "The API for systems"): an organisation admin (support, for
 * any organisation, lists and revokes) gives a system of an organisation on the cloud wallet a
 * wallet user of its own, for one of its API keys (domain `machine-wallet-users.ts` says why one
 * per key). The admin's own unlocked wallet wraps the organisation key under a fresh secret, shown
 * this once; the portal keeps no hash of it, only the keystore, which opens with nothing else.
 * Removing revokes it: the row stays listed, its keystore and unlocked wallets are gone.
 */
export class MachineWalletUsersService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<MachineWalletUserView>> {
    const query = (params.query ?? {}) as MachineWalletUserQuery;
    const scope = listScope(params, 'machineWalletUser.manage');
    const rows = rowsOf(this.app.get('knex'));
    if (scope !== 'all') rows.where('m.organization_id', scope);
    if (query.organizationId !== undefined) {
      authorize(params, 'machineWalletUser.manage', { organizationIds: [query.organizationId] });
      rows.where('m.organization_id', query.organizationId);
    }
    if (query.includeRevoked === false) rows.whereNull('m.revoked_at');
    return pageOf(rows, {
      paging: query,
      select: (q) => q.select(columns).orderBy([{ column: 'm.created_at', order: 'desc' }, 'm.id']),
      present,
    });
  }

  async create(
    data: MachineWalletUserCreate,
    params: Params = {},
  ): Promise<CreatedMachineWalletUser> {
    const actor = actorOf(params);
    const organizationId =
      data.organizationId ?? ('organizationId' in actor ? actor.organizationId : undefined);
    if (organizationId === undefined) {
      throw appError('validation_failed', { fields: { organizationId: 'validation.required' } });
    }
    authorize(params, 'machineWalletUser.manage', { organizationIds: [organizationId] });
    const userId = 'userId' in actor ? actor.userId : null;
    const knex = this.app.get('knex');
    const organization = await knex('organizations')
      .where({ id: organizationId })
      .first('id', 'wallet_url');
    if (!organization) throw appError('not_found');
    const key = await knex('api_keys')
      .where({ id: data.apiKeyId })
      .first('id', 'organization_id', 'revoked_at', 'scopes');
    const linked =
      !!key &&
      !!(await knex('machine_wallet_users')
        .where({ api_key_id: key.id })
        .whereNull('revoked_at')
        .first('id'));
    const problem = machineWalletUserProblem(
      { id: organization.id, walletUrl: organization.wallet_url },
      key && {
        organizationId: key.organization_id,
        revoked: key.revoked_at !== null,
        scopes: key.scopes,
        linked,
      },
    );
    if (problem) {
      throw appError('validation_failed', {
        message: machineWalletUserMessages[problem.key],
        fields: { [problem.field]: problem.key },
      });
    }
    // The row first (the cloud wallet lets only a machine wallet user the portal made join the
    // organisation's key), then its keystore; a refusal of the wallet takes the row away again.
    const [row] = await knex('machine_wallet_users')
      .insert({
        organization_id: organizationId,
        name: data.name.trim(),
        api_key_id: data.apiKeyId,
        created_by_user_id: userId,
      })
      .returning('id');
    const secret = newSecret();
    try {
      await this.app.get('cloudWallet').addUser(data.walletToken, {
        userId: machineWalletUserId(row.id),
        password: secret,
        type: 'user',
      });
    } catch (error) {
      await knex('machine_wallet_users').where({ id: row.id }).delete();
      throw walletRefusal(error);
    }
    if (userId !== null) {
      await recordUserAction(knex, {
        organizationId,
        userId,
        operation: 'add machine wallet user',
        description: { machineWalletUserId: row.id, name: data.name.trim(), apiKeyId: key.id },
      });
    }
    return { ...present(await this.row(knex, row.id)), secret };
  }

  async remove(id: Id | null, params: Params = {}): Promise<MachineWalletUserView> {
    const knex = this.app.get('knex');
    const { view, ended } = await inTransaction(knex, async (trx) => {
      const current = await this.row(trx, id, true);
      authorize(params, 'machineWalletUser.manage', {
        organizationIds: [current?.organization_id ?? null],
      });
      if (!current) throw appError('not_found');
      const actor = actorOf(params);
      const ended = await revokeMachineWalletUsers(
        trx,
        { id: current.id },
        'userId' in actor ? actor.userId : null,
      );
      return { view: await this.row(trx, current.id), ended };
    });
    // Also when it was revoked before: ending its wallets again is harmless, and completes a
    // revocation whose ending failed after its commit.
    await endMachineWallets(
      this.app,
      ended.length > 0 ? ended : [{ walletUserId: machineWalletUserId(view.id), stateKeys: [] }],
    );
    return present(view);
  }

  private async row(db: Knex | Knex.Transaction, id: Id | null, lock = false) {
    const machineId = Number(id);
    if (!Number.isSafeInteger(machineId)) return undefined;
    const query = rowsOf(db).where('m.id', machineId);
    if (lock) query.forUpdate('m');
    return query.first(columns);
  }
}

/**
 * The cloud wallet's refusal of the admin's token, in the section's words: a locked or expired
 * wallet (the web unlocks it just before), or one that is not an admin's of this organisation.
 */
function walletRefusal(error: unknown) {
  if (!(error instanceof WalletError)) return error;
  if (error.code === 'wallet_unauthorized') {
    return appError('validation_failed', {
      message: 'Your wallet is locked: unlock it with your wallet password and try again.',
      fields: { walletToken: 'machineUsers.validation.walletLocked' },
    });
  }
  if (error.code === 'forbidden') {
    return appError('forbidden', {
      message: "Only an admin of this organisation's wallet makes its machine wallet users.",
    });
  }
  return appError(error.code);
}
