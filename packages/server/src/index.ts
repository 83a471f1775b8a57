export { createApp, type PortalServer } from './app.ts';
export { ConfigError, loadConfig, type Config } from './config.ts';
export type { Application, Configuration, HookContext, ServiceTypes } from './declarations.ts';
export { appError, isAppError, type AppError } from './errors/app-error.ts';
export { mapError } from './errors/map-error.ts';
export { inTransaction } from './db/transaction.ts';
export { demoAccounts, demoPassword } from './demo/demo-accounts.ts';
