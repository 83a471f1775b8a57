import { randomUUID } from 'node:crypto';
import { AuthenticationService } from '@feathersjs/authentication';
import type {
  AuthenticationParams,
  AuthenticationRequest,
  AuthenticationResult,
} from '@feathersjs/authentication';
import type { NullableId } from '@feathersjs/feathers';
import type { Application } from '../declarations.ts';
import type { SessionUser } from './session-user.ts';
import type { SessionInfo } from './strategies.ts';

/** What `POST /api/authentication` answers. */
export interface AuthenticationAnswer {
  accessToken: string;
  authentication: { strategy: string; payload: Record<string, unknown> };
  user: SessionUser;
  /** The token reaches only the two-factor endpoints until the e-mail code is validated. */
  twoFactorRequired: boolean;
}

/**
 * Feathers' authentication service with the portal's sessions: signing in with the wallet opens
 * a session, `strategy: "jwt"` answers a NEW token for the same session (the web refreshes when
 * less than 30 seconds remain), and `DELETE /api/authentication` revokes the session.
 */
export class PortalAuthenticationService extends AuthenticationService {
  override async create(data: AuthenticationRequest, params: AuthenticationParams = {}) {
    const strategies = params.authStrategies ?? this.configuration.authStrategies;
    const result = await this.authenticate(data, params, ...strategies);
    const session: SessionInfo = result.session ?? (await this.openSession(result.user));
    return this.answer(result.user, session, result.authentication?.strategy ?? 'jwt');
  }

  override async remove(id: NullableId, params: AuthenticationParams = {}) {
    const result = await super.remove(id === null ? null : String(id), params);
    const session = result.session as SessionInfo | undefined;
    if (session) {
      await this.knex('auth_sessions')
        .where({ id: session.id })
        .update({ revoked_at: this.knex.fn.now() });
    }
    return { revoked: true };
  }

  /** A fresh access token for a session; `twoFactorRequired` when the code is still owed. */
  async answer(user: SessionUser, session: SessionInfo, strategy: string) {
    const accessToken = await this.createAccessToken(
      { sid: session.id },
      { subject: String(user.id) },
    );
    const payload = (await this.verifyAccessToken(accessToken)) as Record<string, unknown>;
    const answer: AuthenticationAnswer = {
      accessToken,
      authentication: { strategy, payload },
      user,
      twoFactorRequired: session.twoFactorPending,
    };
    return answer;
  }

  private async openSession(user: SessionUser): Promise<SessionInfo> {
    const id = randomUUID();
    await this.knex('auth_sessions').insert({ id, user_id: user.id });
    return { id, twoFactorPending: user.twoFactorAuth === 'email' };
  }

  private get knex() {
    return (this.app as Application).get('knex');
  }
}

export type { AuthenticationResult };
