import type { Params } from '@feathersjs/feathers';
import { Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  servicePaths,
  toLanguage,
  type LoginLinkRequest,
  type LoginLinkSent,
} from '@scr/domain';
import { authorize } from '../../auth/admin-policy.ts';
import { requireSession } from '../../auth/hooks.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { issueLoginLink, loginLinkLifetimeMs, loginLinkUrl } from '../find-user/login-links.ts';
import { loginLinkMail } from './login-link-mail.ts';

export const loginLinksPath = servicePaths.loginLinks;

const loginLinkRequestSchema = Type.Object(
  { userId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
assertSameType<Static<typeof loginLinkRequestSchema>, LoginLinkRequest>();

/**
 * `POST login-links` (access spec §4 "Login flow"; issue 9 §3): an admin of the user's
 * organisation, or support, e-mails an active user a single-use link that opens the login page
 * with that user chosen (`/login#token=…`), after an invitation or a password reset. The token
 * is only in the e-mail; the answer says to whom it went. Another organisation's user is not found.
 */
export class LoginLinksService {
  constructor(private readonly app: Application) {}

  async create(data: LoginLinkRequest, params: Params = {}): Promise<LoginLinkSent> {
    const knex = this.app.get('knex');
    const user = await knex('users as u')
      .join('organizations as o', 'o.id', 'u.organization_id')
      .where('u.id', data.userId)
      .first(
        'u.id',
        'u.email',
        'u.first_name',
        'u.is_active',
        'u.preferred_language',
        'u.organization_id',
        'o.name',
      );
    authorize(params, 'user.manage', { organizationIds: [user?.organization_id ?? null] });
    if (!user) throw appError('not_found');
    if (!user.is_active) {
      throw appError('validation_failed', {
        message: 'This user is deactivated.',
        fields: { userId: 'validation.inactiveUser' },
      });
    }
    const expiresAt = await inTransaction(knex, async (trx) => {
      const link = await issueLoginLink(trx, user.id);
      await enqueueMail(
        trx,
        loginLinkMail(user.email, toLanguage(user.preferred_language), {
          name: user.first_name,
          organization: user.name,
          link: loginLinkUrl(this.app.get('config').publicUrl, link.token),
          days: Math.round(loginLinkLifetimeMs / 86_400_000),
        }),
      );
      return link.expiresAt;
    });
    void this.app.get('outbox')?.wake();
    return { sent: true, email: user.email, expiresAt: expiresAt.toISOString() };
  }
}

/** Registers `login-links` (create only, for people with a session). */
export function loginLinks(app: Application): void {
  app.use(loginLinksPath, new LoginLinksService(app), { methods: ['create'], events: [] });
  app.service(loginLinksPath).hooks({
    around: { all: [requireSession], create: [validateBody(loginLinkRequestSchema)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [loginLinksPath]: LoginLinksService;
  }
}
