import { signInLimits } from '@scr/domain';
import type { Application, HookContext } from '../declarations.ts';
import { authSecret } from './auth-secret.ts';
import { PortalAuthenticationService } from './authentication-service.ts';
import { ApiKeyStrategy } from './api-key-strategy.ts';
import { callerKey, failureBudget, perIp } from './rate-limit.ts';
import { SessionJwtStrategy } from './strategies.ts';
import { WalletStrategy } from './wallet-strategy.ts';

/** Access tokens live 15 minutes (DESIGN §3 "Signing in", step 6). */
export const accessTokenLifetime = '15m';

/**
 * The caller of a sign-in, for its limits; null for a session token's refresh, which is checked
 * as the token of every other call is and limited no more than they are: a failed refresh (a
 * session that has ended) is no guess, and every socket (re)connection refreshes, so counting
 * them would let an office's own reconnects, after a restart, spend its sign-in budget.
 */
const signingIn = (context: HookContext) =>
  (context.data as { strategy?: unknown } | undefined)?.strategy === 'jwt'
    ? null
    : callerKey(context);

/**
 * Registers `authentication` (REST `POST/DELETE /api/authentication`, and socket.io) with the
 * wallet strategy for signing in and the session JWT strategy for everything after. Machines
 * send `Authorization: ApiKey …` (strategy `api-key`): parsed on every request, accepted only by
 * services that ask for it (`requireSessionOrApiKey`), never a way to open a session.
 */
export function authentication(app: Application): void {
  const config = app.get('config');
  app.set('authentication', {
    secret: authSecret(config),
    entity: 'user',
    service: 'users',
    entityId: 'id',
    authStrategies: ['wallet', 'jwt'],
    parseStrategies: ['jwt', 'api-key'],
    jwtOptions: {
      header: { typ: 'access' },
      audience: config.publicUrl,
      issuer: 'secure-container-release',
      algorithm: 'HS256',
      expiresIn: accessTokenLifetime,
    },
  });
  const service = new PortalAuthenticationService(app);
  service.register('jwt', new SessionJwtStrategy());
  service.register('wallet', new WalletStrategy());
  service.register('api-key', new ApiKeyStrategy());
  app.use('authentication', service, { methods: ['create', 'remove'] });
  app.service('authentication').hooks({
    around: {
      // Failures count per client address, never per account: a signature cannot be guessed, and
      // a stranger's bad posts must not lock a real user out (issue 9 §2, issue 42 item 2).
      create: [
        perIp(config, signingIn),
        failureBudget(signInLimits.signInFailuresPerClient, signingIn),
      ],
    },
  });
}

declare module '../declarations.ts' {
  interface ServiceTypes {
    authentication: PortalAuthenticationService;
  }
}
