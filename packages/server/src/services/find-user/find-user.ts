import type { Params } from '@feathersjs/feathers';
import { servicePaths, lookupEmail, lookupRule, type FindUserResult } from '@scr/domain';
import { perIp, subjectLimit } from '../../auth/rate-limit.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { consumeLoginLink, isLoginLinkToken } from './login-links.ts';

export const findUserPath = servicePaths.findUser;

const refused = (field: string, key: string, message: string) =>
  appError('validation_failed', { message, fields: { [field]: key } });

/**
 * `GET /api/find-user` (access spec §7, issue 9 §3). It answers anyone, so it answers little:
 * - `?email=` the active users with that (normalised) e-mail, each with its organisation and
 *   wallet; an unknown e-mail answers an empty result, never an error;
 * - `?token=` the one user of a login link (the URL hash of §4 "Login flow"), limited to its
 *   organisation; the link is used up, and an unknown, expired or used one answers empty;
 * - `?id=` is refused: counting ids must not list the users.
 */
export class FindUserService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<FindUserResult> {
    const query = params.query ?? {};
    if (query.id !== undefined) {
      throw refused('id', 'validation.additionalProperties', 'Look a user up by email or token');
    }
    const knex = this.app.get('knex');
    const users = knex('users as u')
      .join('organizations as o', 'o.id', 'u.organization_id')
      .where('u.is_active', true)
      .select('u.id', 'u.email', 'o.name', 'o.address', 'o.role', 'o.wallet_url');
    let isLimitedToOrgId = false;
    if (query.token !== undefined) {
      if (!isLoginLinkToken(query.token)) {
        throw refused('token', 'validation.pattern', 'The login link is not valid');
      }
      const userId = await consumeLoginLink(knex, query.token);
      if (userId === null) return { total: 0, isLimitedToOrgId: true, data: [] };
      users.where('u.id', userId);
      isLimitedToOrgId = true;
    } else {
      const email = lookupEmail(query.email);
      if (email === null) {
        const missing = typeof query.email !== 'string' || !query.email.trim();
        throw missing
          ? refused('email', 'validation.required', 'email is required')
          : refused('email', 'validation.email', 'Email is not valid');
      }
      users.where('u.email', email);
    }
    const rows = await users.orderBy(['o.name', 'u.id']);
    return {
      total: rows.length,
      isLimitedToOrgId,
      data: rows.map((row) => ({
        id: row.id,
        email: row.email,
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
  const config = app.get('config');
  app.service(findUserPath).hooks({
    around: {
      find: [
        // Login links (`?token=`) too: 256 random bits need no more than the address's budget.
        perIp(config),
        // Keyed on the normalised address: ` FORWARDER2@…` and `forwarder2@…` share one budget,
        // per client, so that nobody can use it up for the person (issue 42 item 2). Bad input
        // is refused by the service.
        subjectLimit(lookupRule(config.signInLookupsPerAccount), (context) =>
          lookupEmail(context.params.query?.email),
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
