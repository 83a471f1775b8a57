import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { AuthenticationService } from '@feathersjs/authentication';
import type {
  AuthenticationParams,
  AuthenticationRequest,
  AuthenticationResult,
} from '@feathersjs/authentication';
import type { NullableId } from '@feathersjs/feathers';
import type { Application } from '../declarations.ts';
import { inTransaction } from '../db/transaction.ts';
import { appError } from '../errors/app-error.ts';
import { recordUserAction } from '../user-audit/record-user-action.ts';
import { endSessions, sessionConnectionsOf, sessionMaxLifetimeMs } from './session-connections.ts';
import type { SessionUser } from './session-user.ts';
import type { SessionInfo } from './session-info.ts';

/** What `POST /api/authentication` answers. */
export interface AuthenticationAnswer {
  accessToken: string;
  authentication: { strategy: string; payload: Record<string, unknown> };
  user: SessionUser;
  /** The token reaches only the two-factor endpoints until the e-mail code is validated. */
  twoFactorRequired: boolean;
  /** When the session ends whatever happens (ISO 8601): no refresh is granted past it. */
  sessionEndsAt: string;
}

/** A session to answer a token for; `endsAt` is read from the database when not known. */
export type AnsweredSession = Omit<SessionInfo, 'endsAt'> & { endsAt?: number };

/**
 * Feathers' authentication service with the portal's sessions: signing in with the wallet opens
 * a session, `strategy: "jwt"` answers a NEW token for the same session (the web refreshes when
 * less than 30 seconds remain) until the session's absolute end, and `DELETE /api/authentication`
 * revokes the session and ends it on every socket of every instance (issue 9 §6).
 */
export class PortalAuthenticationService extends AuthenticationService {
  /**
   * The token secret as a key, made once. Given the string, jsonwebtoken parses it again on
   * every sign and verify, each time first trying it as a PEM public key and catching the
   * error: about a tenth of a millisecond of every authenticated call. (Not a `#` field:
   * Feathers calls the methods on an object made with `Object.create(service)`.)
   */
  private signingKey: KeyObject | undefined;

  private get key(): KeyObject {
    this.signingKey ??= createSecretKey(Buffer.from(String(this.configuration.secret)));
    return this.signingKey;
  }

  override createAccessToken(
    ...[payload, options, secret]: Parameters<AuthenticationService['createAccessToken']>
  ): Promise<string> {
    return super.createAccessToken(payload, options, secret ?? this.key);
  }

  override verifyAccessToken(
    ...[accessToken, options, secret]: Parameters<AuthenticationService['verifyAccessToken']>
  ): Promise<unknown> {
    return super.verifyAccessToken(accessToken, options, secret ?? this.key);
  }

  override async create(data: AuthenticationRequest, params: AuthenticationParams = {}) {
    const strategies = params.authStrategies ?? this.configuration.authStrategies;
    const result = await this.authenticate(data, params, ...strategies);
    const session: SessionInfo = result.session ?? (await this.openSession(result.user));
    return this.answer(result.user, session, result.authentication?.strategy ?? 'jwt');
  }

  override async remove(id: NullableId, params: AuthenticationParams = {}) {
    // Feathers' own remove reads the caller's token without checking there is one.
    if (!params.authentication?.accessToken) throw appError('not_authenticated');
    const result = await super.remove(id === null ? null : String(id), params);
    const session = result.session as SessionInfo | undefined;
    if (session) {
      await this.knex('auth_sessions')
        .where({ id: session.id })
        .update({ revoked_at: this.knex.fn.now() });
      // The socket signing out leaves its channels through Feathers' own `logout` event and
      // must stay open to receive the answer; every other socket of the session is dropped.
      if (params.connection)
        sessionConnectionsOf(this.app as Application).untrack(params.connection);
      endSessions(this.app as Application, [session.id]);
    }
    return { revoked: true };
  }

  /** A fresh access token for a session; `twoFactorRequired` when the code is still owed. */
  async answer(user: SessionUser, session: AnsweredSession, strategy: string) {
    const endsAt = session.endsAt ?? (await this.endOf(session.id));
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
      sessionEndsAt: new Date(endsAt).toISOString(),
    };
    return answer;
  }

  private async openSession(user: SessionUser): Promise<SessionInfo> {
    const id = randomUUID();
    // The session and its "login" entry of the user audit trail exist together.
    const [row] = await inTransaction(this.knex, async (trx) => {
      await recordUserAction(trx, {
        organizationId: user.organizationId,
        userId: user.id,
        operation: 'login',
        description: { session: id },
      });
      return trx('auth_sessions').insert({ id, user_id: user.id }).returning('created_at');
    });
    return {
      id,
      twoFactorPending: user.twoFactorAuth === 'email',
      endsAt: this.endFrom((row as { created_at: Date | string }).created_at),
    };
  }

  /** The absolute end of a session (created_at + SESSION_MAX_HOURS). */
  private async endOf(sessionId: string): Promise<number> {
    const row = await this.knex('auth_sessions').where({ id: sessionId }).first('created_at');
    if (!row) throw appError('session_invalid');
    return this.endFrom(row.created_at);
  }

  private endFrom(createdAt: Date | string): number {
    return new Date(createdAt).getTime() + sessionMaxLifetimeMs(this.app as Application);
  }

  private get knex() {
    return (this.app as Application).get('knex');
  }
}

export type { AuthenticationResult };
