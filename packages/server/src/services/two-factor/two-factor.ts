import { servicePaths, signInLimits, type Budget } from '@scr/domain';
import type { Params } from '@feathersjs/feathers';
import { requireAnySession } from '../../auth/hooks.ts';
import { callBudget } from '../../auth/rate-limit.ts';
import { loadSessionUser } from '../../auth/session-user.ts';
import type { SessionInfo } from '../../auth/session-info.ts';
import { sendTwoFactorCode, validateTwoFactorCode } from '../../auth/two-factor.ts';
import type { Application, HookContext } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';

export const twoFactorSendPath = servicePaths.twoFactorSend;
export const twoFactorValidatePath = servicePaths.twoFactorValidate;

/** The session of a call that owes its e-mail code; anything else has nothing to do here. */
function owingSession(params: Params): { session: SessionInfo; user: NonNullable<Params['user']> } {
  const { session, user } = params;
  if (!session || !user) throw appError('not_authenticated');
  if (!session.twoFactorPending) {
    throw appError('validation_failed', {
      message: 'No verification code is owed for this session.',
    });
  }
  return { session, user };
}

/** `GET /api/two-factor/auth/email`: sends a new 6-digit code to the user's e-mail address. */
export class TwoFactorSendService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}) {
    const { session, user } = owingSession(params);
    await sendTwoFactorCode(this.app.get('knex'), user, session.id);
    void this.app.get('outbox')?.wake();
    return { sent: true };
  }
}

/** `POST /api/two-factor/auth/email/validate {code}`: completes the session; answers a full token. */
export class TwoFactorValidateService {
  constructor(private readonly app: Application) {}

  async create(data: { code?: unknown }, params: Params = {}) {
    const { session, user } = owingSession(params);
    const knex = this.app.get('knex');
    await validateTwoFactorCode(knex, session.id, data?.code);
    const fresh = await loadSessionUser(knex, user.id);
    if (!fresh) throw appError('session_invalid');
    const answer = await this.app
      .service('authentication')
      .answer(fresh, { id: session.id, twoFactorPending: false }, 'jwt');
    return { twoFactorAuthEmailValidated: true, user: fresh, token: answer.accessToken };
  }
}

/**
 * Per user over all its sessions (issue 42 item 2): only a session of the user's own, which its
 * signature opened, reaches these endpoints, so nobody else can spend the budget; per session,
 * one signing in again and again would get as many tries at the codes.
 */
const perUser = (budget: Budget) =>
  callBudget(budget, (context: HookContext) =>
    context.params.user ? `user:${context.params.user.id}` : null,
  );

export function twoFactor(app: Application): void {
  app.use(twoFactorSendPath, new TwoFactorSendService(app), { methods: ['find'], events: [] });
  app.use(twoFactorValidatePath, new TwoFactorValidateService(app), {
    methods: ['create'],
    events: [],
  });
  // Sessions that still owe the code reach these two endpoints and nothing else.
  app
    .service(twoFactorSendPath)
    .hooks({ around: { find: [requireAnySession, perUser(signInLimits.twoFactorSendsPerUser)] } });
  app.service(twoFactorValidatePath).hooks({
    around: { create: [requireAnySession, perUser(signInLimits.twoFactorValidationsPerUser)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [twoFactorSendPath]: TwoFactorSendService;
    [twoFactorValidatePath]: TwoFactorValidateService;
  }
}
