import type { Application } from '../../declarations.ts';
import { portalVersion } from '../../version.ts';
import { AppInfoService } from './app-info.class.ts';
import { appInfoMethods, appInfoPath } from './app-info.shared.ts';

export * from './app-info.class.ts';
export * from './app-info.schema.ts';
export * from './app-info.shared.ts';

/**
 * Registers `app-info`: public, no authentication, no database. Production leaves the version
 * out (issue 9 §5); the web app's version badge shows only outside production anyway.
 */
export function appInfo(app: Application): void {
  const config = app.get('config');
  const service = new AppInfoService({
    name: 'Secure Container Release',
    ...(config.production ? {} : { version: portalVersion }),
    environment: config.environment,
    chatScriptUrl: config.chatScriptUrl,
    analyticsScriptUrl: config.analyticsScriptUrl,
    supportEmail: config.supportEmail,
    serverAddress: app.get('serverKey').address,
  });
  app.use(appInfoPath, service, { methods: [...appInfoMethods], events: [] });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [appInfoPath]: AppInfoService;
  }
}
