import { servicePaths } from '@scr/domain';
import type { Id, Params } from '@feathersjs/feathers';
import { requireSession } from '../../auth/hooks.ts';
import { latestEula, loadSessionUser, type SessionUser } from '../../auth/session-user.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { AdminUsers } from './admin-users.ts';
import type { AdminUserView, UserInvite } from './users.schema.ts';
import { userInviteSchema, userQuerySchema } from './users.schema.ts';

export const usersPath = servicePaths.users;

/** What a user may change of their own record after sign-in (access spec §7). */
export interface UserSelfPatch {
  /** Accepts the EULA of that id (it must be the latest published one). */
  eulaId?: number;
  /** Accepts the carrier's terms; the server records its own time, not the client's. */
  termsAcceptedAt?: string;
}

/** The fields a user changes of their own record; anything else is an admin's change. */
const selfPatchKeys = ['eulaId', 'termsAcceptedAt'];

/**
 * `users`: a signed-in user reads their own record and accepts the EULA or the terms. Another
 * user's id answers not found, so ids do not leak. Organisation admins and support also list,
 * invite and edit users (`AdminUsers`, under the admin policy).
 */
export class UsersService {
  private readonly admin: AdminUsers;

  constructor(private readonly app: Application) {
    this.admin = new AdminUsers(app);
  }

  async find(params: Params = {}) {
    return this.admin.find(params);
  }

  async create(data: UserInvite, params: Params = {}): Promise<AdminUserView> {
    return this.admin.create(data, params);
  }

  async get(id: Id, params: Params = {}): Promise<SessionUser> {
    const self = this.self(id, params);
    const user = await loadSessionUser(this.app.get('knex'), self);
    if (!user) throw appError('not_found');
    return user;
  }

  async patch(
    id: Id | null,
    data: UserSelfPatch,
    params: Params = {},
  ): Promise<SessionUser | AdminUserView> {
    const keys = Object.keys(data ?? {});
    const caller = params.user as SessionUser | undefined;
    const selfOnly = keys.length > 0 && keys.every((key) => selfPatchKeys.includes(key));
    if (!selfOnly && (caller?.isAdmin || caller?.isSupport)) {
      return this.admin.patch(id, data, params);
    }
    return this.patchSelf(id, data, params);
  }

  private async patchSelf(
    id: Id | null,
    data: UserSelfPatch,
    params: Params,
  ): Promise<SessionUser> {
    const self = this.self(id, params);
    const knex = this.app.get('knex');
    const keys = Object.keys(data ?? {});
    if (keys.length === 0 || keys.some((key) => !selfPatchKeys.includes(key))) {
      throw appError('validation_failed', {
        message: 'Only eulaId or termsAcceptedAt can be changed here.',
      });
    }
    const changes: Record<string, unknown> = { updated_at: knex.fn.now() };
    if (data.eulaId !== undefined) {
      const eula = await latestEula(knex);
      if (!eula || Number(data.eulaId) !== eula.id) {
        throw appError('validation_failed', {
          message: 'That is not the current EULA.',
          fields: { eulaId: 'validation.eula' },
        });
      }
      changes.eula_accepted_id = eula.id;
    }
    if (data.termsAcceptedAt !== undefined) changes.terms_accepted_at = knex.fn.now();
    await knex('users').where({ id: self }).update(changes);
    return this.get(self, params);
  }

  /** The caller's own id; any other id is "not found". */
  private self(id: Id | null, params: Params): number {
    const user = params.user as SessionUser | undefined;
    if (!user || id === null || Number(id) !== user.id) throw appError('not_found');
    return user.id;
  }
}

export function users(app: Application): void {
  app.use(usersPath, new UsersService(app), {
    methods: ['get', 'find', 'create', 'patch'],
    events: [],
  });
  app.service(usersPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(userQuerySchema)],
      create: [validateBody(userInviteSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [usersPath]: UsersService;
  }
}
