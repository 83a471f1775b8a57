import { AuthenticationBaseStrategy, JWTStrategy } from '@feathersjs/authentication';
import type {
  AuthenticationParams,
  AuthenticationRequest,
  AuthenticationResult,
} from '@feathersjs/authentication';
import type { Params } from '@feathersjs/feathers';
import type { Application } from '../declarations.ts';
import { appError, isAppError } from '../errors/app-error.ts';
import { consumeChallenge } from './challenges.ts';
import { loadSessionUser } from './session-user.ts';

/** What a strategy adds besides the user: the server-side session the token belongs to. */
export interface SessionInfo {
  id: string;
  /** The user owes an e-mail code: the token reaches only the two-factor endpoints. */
  twoFactorPending: boolean;
}

const knexOf = (strategy: { app?: unknown }) => (strategy.app as Application).get('knex');

/**
 * `{strategy: "wallet", userId, message, signature}` (DESIGN §3 "Signing in", step 5): the message
 * is a challenge this server issued, signed by the wallet of the user's own organisation.
 */
export class WalletStrategy extends AuthenticationBaseStrategy {
  async authenticate(data: AuthenticationRequest, _params: Params): Promise<AuthenticationResult> {
    const { userId, message, signature } = data;
    if (
      !Number.isSafeInteger(Number(userId)) ||
      typeof message !== 'string' ||
      typeof signature !== 'string'
    ) {
      throw appError('validation_failed', {
        message: 'userId, message and signature are required',
      });
    }
    const knex = knexOf(this);
    const user = await loadSessionUser(knex, Number(userId));
    if (!user) throw appError('not_authenticated', { message: 'Could not authenticate.' });
    const config = (this.app as Application).get('config');
    await consumeChallenge(knex, config, { message, signature, address: user.organizationAddress });
    return { user, authentication: { strategy: 'wallet' } };
  }
}

/**
 * Access tokens (JWT, 15 minutes) that are only as good as their session: revoked at logout,
 * and limited to the two-factor endpoints while the second factor is owed.
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
    const info: SessionInfo = {
      id: session.id,
      twoFactorPending: result.user.twoFactorAuth === 'email' && !session.two_factor_validated_at,
    };
    return { ...result, session: info };
  }
}
