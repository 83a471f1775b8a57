import type { AddressInfo } from 'node:net';
import type { Middleware } from '@feathersjs/koa';
import type { Config } from '../config.ts';
import type { Application } from '../declarations.ts';
import type { Logger } from '../logger.ts';
import { discoveredConfiguration, openIdItsme, type ItsmeAdapter } from './itsme-adapter.ts';
import { ItsmeStandIn, standInPath, type StandInOrigins } from './stand-in-provider.ts';

export const itsmeConfirmPage = '/itsme-confirm';

/**
 * The portal's origins once it listens: PUBLIC_URL (its port replaced by the real one when it
 * was 0, as in tests), and the loopback address the server reaches itself at.
 */
export function portalOrigins(app: Application, config: Config): StandInOrigins {
  const address = app.server?.address() as AddressInfo | null | undefined;
  const port = address?.port ?? config.port;
  const publicUrl = new URL(config.publicUrl);
  if (publicUrl.port === '0') publicUrl.port = String(port);
  const wildcard = ['0.0.0.0', '::', ''].includes(config.host);
  const host = wildcard
    ? '127.0.0.1'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return { public: publicUrl.origin, internal: `http://${host}:${port}` };
}

/**
 * Sets up itsme registration (issue 11 item 3): the configured provider, else outside production
 * the stand-in provider mounted at `/itsme-provider`, else none (registration unavailable).
 * Answers the stand-in's middleware, to be mounted before the web app.
 */
export function configureItsme(
  app: Application,
  config: Config,
  logger: Logger,
): Middleware | null {
  const redirectUri = () => `${portalOrigins(app, config).public}${itsmeConfirmPage}`;
  if (config.itsme) {
    app.set(
      'itsme',
      openIdItsme({
        configuration: discoveredConfiguration(config.itsme),
        redirectUri,
        scope: config.itsme.scope,
      }),
    );
    return null;
  }
  if (config.production) {
    app.set('itsme', null);
    return null;
  }
  const standIn = new ItsmeStandIn(() => portalOrigins(app, config));
  app.set('itsmeStandIn', standIn);
  app.set(
    'itsme',
    openIdItsme({
      configuration: () => standIn.configuration(),
      redirectUri,
      scope: 'openid profile',
    }),
  );
  logger.info(
    { path: standInPath },
    'itsme: no ITSME_ISSUER_URL, using the local stand-in provider',
  );
  return standIn.middleware();
}

/** The app's itsme adapter; null when registration is unavailable (production, not configured). */
export function itsmeOf(app: Application): ItsmeAdapter | null {
  return app.get('itsme') ?? null;
}
