import { JWTStrategy } from '@feathersjs/authentication';
import type {
  AuthenticationParams,
  AuthenticationRequest,
  AuthenticationResult,
} from '@feathersjs/authentication';
import type { Params } from '@feathersjs/feathers';
import type { Application } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';
import { looksLikeApiKey } from './api-key-secret.ts';
import { sessionMaxLifetimeMs } from './session-connections.ts';
import type { SessionInfo } from './session-info.ts';
import { loadSessionCaller, loadSessionUser } from './session-user.ts';

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

  /**
   * Feathers' own `authenticate` with the session: the token's user and its session row come in
   * one statement (loadSessionCaller), where Feathers' getEntity and then the session took two.
   */
  override async authenticate(authentication: AuthenticationRequest, params: AuthenticationParams) {
    const { accessToken } = authentication;
    if (!accessToken) throw appError('not_authenticated');
    // `Authorization: Bearer scr_…`: a key in the session's scheme, not a session that ended.
    if (looksLikeApiKey(accessToken)) throw appError('api_key_wrong_scheme');
    let payload: { sub?: unknown; sid?: unknown };
    try {
      payload = await this.authentication!.verifyAccessToken(accessToken, params.jwt);
    } catch {
      throw appError('session_invalid');
    }
    const { sub, sid } = payload;
    const userId = Number(sub);
    const caller =
      typeof sid === 'string' && Number.isSafeInteger(userId)
        ? await loadSessionCaller(knexOf(this), userId, sid, {
            prepared: (this.app as Application).get('databaseKind') === 'postgres',
          })
        : null;
    if (!caller || caller.session.revokedAt) throw appError('session_invalid');
    const { user, session } = caller;
    const endsAt =
      new Date(session.createdAt).getTime() + sessionMaxLifetimeMs(this.app as Application);
    // An invalid created_at (NaN) fails this too.
    if (!(endsAt > Date.now())) throw appError('session_invalid');
    const info: SessionInfo = {
      id: session.id,
      twoFactorPending: user.twoFactorAuth === 'email' && !session.twoFactorValidatedAt,
      endsAt,
    };
    return {
      accessToken,
      authentication: { strategy: 'jwt', accessToken, payload },
      user,
      session: info,
    } satisfies AuthenticationResult;
  }
}
