import type { Application } from '../declarations.ts';
import { appInfo } from './app-info/app-info.ts';

/** Registers every service. Add each new service folder here. */
export function services(app: Application): void {
  app.configure(appInfo);
}
