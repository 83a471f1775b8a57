import { JWTStrategy } from '@feathersjs/authentication';
import type {
  AuthenticationParams,
  AuthenticationRequest,
  AuthenticationResult,
} from '@feathersjs/authentication';
import type { Params } from '@feathersjs/feathers';
import type { Application } from '../declarations.ts';
import { appError, isAppError } from '../errors/app-error.ts';
import { sessionMaxLifetimeMs } from './session-connections.ts';
import type { SessionInfo } from './session-info.ts';
import { loadSessionUser } from './session-user.ts';

export const knexOf = (strategy: { app?: unknown }) => (strategy.app as Application).get('knex');

/**
 * Access tokens (JWT, 15 minutes) that are only as good as their session: revoked at logout,
 * ended after the session's absolute lifetime (SESSION_MAX_HOURS from its sign-in, issue 9 §6:
 * refresh and every call refused), and limited to the two-factor endpoints while the second
 * factor is owed.
 */
export class SessionJwtStrategy extends JWTStrategy {
  override async getEntity(id: string, _params: Params) {
    const user = await loadSessionUser(knexOf(this), Number(id));
    if (!user) throw appError('session_invalid');
    return user;
  }

  override async authenticate(authentication: AuthenticationRequest, params: AuthenticationParams) {
    let result: Awaited<ReturnType<JWTStrategy['authenticate']>> & AuthenticationResult;
    try {
      result = await super.authenticate(authentication, params);
    } catch (error) {
      if (isAppError(error)) throw error;
      throw appError(authentication.accessToken ? 'session_invalid' : 'not_authenticated');
    }
    const sid: unknown = result.authentication?.payload?.sid;
    const session =
      typeof sid === 'string'
        ? await knexOf(this)('auth_sessions').where({ id: sid }).first()
        : undefined;
    if (!session || session.revoked_at || session.user_id !== result.user.id) {
      throw appError('session_invalid');
    }
    const endsAt =
      new Date(session.created_at).getTime() + sessionMaxLifetimeMs(this.app as Application);
    // An invalid created_at (NaN) fails this too.
    if (!(endsAt > Date.now())) throw appError('session_invalid');
    const info: SessionInfo = {
      id: session.id,
      twoFactorPending: result.user.twoFactorAuth === 'email' && !session.two_factor_validated_at,
      endsAt,
    };
    return { ...result, session: info };
  }
}
