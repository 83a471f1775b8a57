import type { Id, Params } from '@feathersjs/feathers';
import { isEmailAddress, normaliseEmail, usesCloudWallet } from '@scr/domain';
import { getAddress } from 'ethers';
import type { Knex } from 'knex';
import { actorOf, authorize, listScope } from '../../auth/admin-policy.ts';
import { endSessions } from '../../auth/session-connections.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import { likePattern, pageOf, type Page } from '../../kit/paging.ts';
import { validated } from '../../kit/validation.ts';
import {
  userAdminPatchSchema,
  type AdminUserView,
  type UserAdminPatch,
  type UserInvite,
  type UserQuery,
} from './users.schema.ts';
import { presentUser, userColumnOf, userColumns, userRows } from './user-rows.ts';

const invalidEmail = () =>
  appError('validation_failed', {
    message: 'Email is not valid',
    fields: { email: 'validation.email' },
  });

/**
 * The admin half of `users` (access spec §6): support manages the users of every organisation,
 * an organisation admin those of its own. Users are invited, edited and deactivated, never
 * deleted. Their wallet keystore is added by the browser of an admin of the organisation
 * (`POST {wallet}/users`), since only an unlocked admin wallet can wrap the organisation key.
 */
export class AdminUsers {
  constructor(private readonly app: Application) {}

  private get knex() {
    return this.app.get('knex');
  }

  async find(params: Params): Promise<Page<AdminUserView>> {
    const query = (params.query ?? {}) as UserQuery;
    const scope = listScope(params, 'user.manage');
    const rows = userRows(this.knex);
    if (query.organizationId !== undefined) {
      authorize(params, 'user.manage', { organizationIds: [query.organizationId] });
      rows.where('u.organization_id', query.organizationId);
    }
    if (query.organization_address !== undefined) {
      rows.whereRaw('lower(o.address) = lower(?)', [query.organization_address]);
    }
    if (scope !== 'all') rows.where('u.organization_id', scope);
    if (query.isAdmin !== undefined) rows.where('u.is_admin', query.isAdmin);
    if (query.isActive !== undefined) rows.where('u.is_active', query.isActive);
    const search = query.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      rows.where((q) =>
        q
          .whereILike('u.email', pattern)
          .orWhereILike('u.first_name', pattern)
          .orWhereILike('u.last_name', pattern),
      );
    }
    return pageOf(rows, {
      paging: query,
      select: (q) =>
        q.select(userColumns).orderBy(['o.name', 'u.last_name', 'u.first_name', 'u.id']),
      present: presentUser,
    });
  }

  async get(id: number, db: Knex | Knex.Transaction = this.knex): Promise<AdminUserView> {
    const row = await userRows(db).where('u.id', id).first(userColumns);
    if (!row) throw appError('not_found');
    return presentUser(row);
  }

  async create(data: UserInvite, params: Params): Promise<AdminUserView> {
    const actor = actorOf(params);
    const organizationId =
      data.organizationId ?? ('organizationId' in actor ? actor.organizationId : undefined);
    if (organizationId === undefined) {
      throw appError('validation_failed', { fields: { organizationId: 'validation.required' } });
    }
    // An organisation admin may find others by name to connect to, but not add users to them.
    authorize(params, 'user.manage', { organizationIds: [organizationId], visible: true });
    if (data.isSupport) authorize(params, 'user.grantSupport');
    const email = normaliseEmail(data.email);
    if (!isEmailAddress(email)) throw invalidEmail();
    const organization = await this.knex('organizations').where({ id: organizationId }).first('id');
    if (!organization) throw appError('not_found');
    const [row] = await this.knex('users')
      .insert({
        organization_id: organizationId,
        email,
        first_name: data.firstName.trim(),
        last_name: data.lastName.trim(),
        is_admin: data.isAdmin ?? false,
        is_support: data.isSupport ?? false,
        two_factor_auth: data.twoFactorAuth ?? null,
        preferred_language: data.preferredLanguage ?? 'en',
      })
      .returning('id');
    return this.get(row.id);
  }

  async patch(id: Id | null, body: unknown, params: Params): Promise<AdminUserView> {
    const data = await validated<UserAdminPatch>(userAdminPatchSchema, body);
    const userId = Number(id);
    const target = Number.isSafeInteger(userId)
      ? await this.knex('users as u')
          .join('organizations as o', 'o.id', 'u.organization_id')
          .where('u.id', userId)
          .first('u.id', 'u.organization_id', 'u.sign_in_address', 'o.wallet_url')
      : undefined;
    const actor = actorOf(params);
    // Another organisation's user answers as if it did not exist.
    authorize(params, 'user.manage', { organizationIds: [target?.organization_id ?? null] });
    if (!target) throw appError('not_found');
    if (data.isSupport !== undefined) authorize(params, 'user.grantSupport');
    if ('userId' in actor && actor.userId === userId) refuseSelfLockout(data);
    const signInAddress =
      data.signInAddress === undefined
        ? undefined
        : signInAddressChange(target, data.signInAddress, actor.kind === 'support');
    const changes: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(data)) {
      const column = userColumnOf[field];
      if (column) changes[column] = typeof value === 'string' ? value.trim() : value;
    }
    if (signInAddress) changes.sign_in_address = signInAddress;
    if (typeof data.email === 'string') {
      changes.email = normaliseEmail(data.email);
      if (!isEmailAddress(String(changes.email))) throw invalidEmail();
    }
    const { user, endedSessions } = await inTransaction(this.knex, async (trx) => {
      await trx('users')
        .where({ id: userId })
        .update({ ...changes, updated_at: trx.fn.now() });
      // A deactivated user's sessions end now, and stay ended if they are reactivated; so do
      // the sessions signed in with a sign-in key that was just replaced.
      let ended: string[] = [];
      if (data.isActive === false || (signInAddress && target.sign_in_address)) {
        const rows: { id: string }[] = await trx('auth_sessions')
          .where({ user_id: userId })
          .whereNull('revoked_at')
          .update({ revoked_at: trx.fn.now() })
          .returning('id');
        ended = rows.map((row) => row.id);
      }
      return { user: await this.get(userId, trx), endedSessions: ended };
    });
    // Their live sockets leave every channel too (issue 9 §6), once the revocation is committed.
    if (endedSessions.length > 0) endSessions(this.app, endedSessions);
    return user;
  }
}

/**
 * DESIGN §3 "Keys and the ID wallet": an on-premise wallet's user gets its personal sign-in
 * address registered by an admin of its organisation, once; replacing a registered one (a lost
 * wallet, a re-registration) is support's. The cloud wallet records its users' addresses itself.
 */
function signInAddressChange(
  target: { sign_in_address: string | null; wallet_url: string | null },
  address: string,
  bySupport: boolean,
): string {
  if (usesCloudWallet(target.wallet_url)) {
    throw appError('validation_failed', {
      message: "The cloud wallet records its users' sign-in keys itself.",
      fields: { signInAddress: 'validation.cloudWalletSignInKey' },
    });
  }
  const checksummed = getAddress(address.toLowerCase());
  if (target.sign_in_address && target.sign_in_address !== checksummed && !bySupport) {
    throw appError('conflict', {
      message: 'This user already has a registered sign-in key. Support can replace it.',
    });
  }
  return checksummed;
}

/** An admin cannot take away their own admin right or deactivate themselves. */
function refuseSelfLockout(data: UserAdminPatch) {
  const fields: Record<string, string> = {};
  if (data.isAdmin === false) fields.isAdmin = 'validation.self';
  if (data.isActive === false) fields.isActive = 'validation.self';
  if (data.isSupport === false) fields.isSupport = 'validation.self';
  if (Object.keys(fields).length > 0) {
    throw appError('validation_failed', {
      message: 'You cannot remove your own access.',
      fields,
    });
  }
}
