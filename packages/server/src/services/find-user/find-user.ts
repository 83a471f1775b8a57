import type { Params } from '@feathersjs/feathers';
import { normaliseEmail, type FindUserResult } from '@scr/domain';
import { lookupsPerAccount, perIp } from '../../auth/rate-limit.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';

export const findUserPath = 'find-user';

/**
 * `GET /api/find-user?email=` (access spec §7): the active users with that e-mail, each with its
 * organisation and wallet. `?id=` (from the URL hash) answers that one user, limited to its
 * organisation. An unknown e-mail answers an empty result, never an error.
 */
export class FindUserService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<FindUserResult> {
    const query = params.query ?? {};
    const knex = this.app.get('knex');
    const users = knex('users as u')
      .join('organizations as o', 'o.id', 'u.organization_id')
      .where('u.is_active', true)
      .select(
        'u.id',
        'u.email',
        'u.is_admin',
        'u.two_factor_auth',
        'o.name',
        'o.address',
        'o.role',
        'o.wallet_url',
      );
    let isLimitedToOrgId = false;
    if (typeof query.email === 'string' && query.email.trim()) {
      users.where('u.email', normaliseEmail(query.email));
    } else if (query.id !== undefined && /^\d{1,9}$/.test(String(query.id))) {
      users.where('u.id', Number(query.id));
      isLimitedToOrgId = true;
    } else {
      throw appError('validation_failed', {
        message: 'email is required',
        fields: { email: 'validation.required' },
      });
    }
    const rows = await users.orderBy('o.name');
    return {
      total: rows.length,
      isLimitedToOrgId,
      data: rows.map((row) => ({
        id: row.id,
        email: row.email,
        isAdmin: row.is_admin,
        twoFactorAuth: row.two_factor_auth,
        organization: {
          name: row.name,
          address: row.address,
          role: row.role,
          walletUrl: row.wallet_url,
        },
      })),
    };
  }
}

export function findUser(app: Application): void {
  app.use(findUserPath, new FindUserService(app), { methods: ['find'], events: [] });
  app.service(findUserPath).hooks({
    around: {
      find: [
        perIp(),
        lookupsPerAccount((context) =>
          String(context.params.query?.email ?? context.params.query?.id ?? '').toLowerCase(),
        ),
      ],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [findUserPath]: FindUserService;
  }
}
