import type { HookContext as FeathersHookContext, NextFunction } from '@feathersjs/feathers';
import type { Application as FeathersApplication } from '@feathersjs/koa';
import type { AuthenticationConfiguration } from '@feathersjs/authentication';
import type { Knex } from 'knex';
import type { WalletOperations } from '@scr/wallet';
import type { SessionUser } from './auth/session-user.ts';
import type { SessionInfo } from './auth/session-info.ts';
import type { Config } from './config.ts';
import type { DatabaseKind } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { SharedState } from './shared-state/configure-shared-state.ts';
import type { ItsmeAdapter } from './itsme/itsme-adapter.ts';
import type { ItsmeStandIn } from './itsme/stand-in-provider.ts';

export type { NextFunction };

/** What `app.get(…)` holds. */
export interface Configuration {
  config: Config;
  logger: Logger;
  knex: Knex;
  databaseKind: DatabaseKind;
  /** Migrations (and the demo load) have completed; services that query wait for this. */
  databaseReady: boolean;
  authentication: AuthenticationConfiguration;
  /** Counters, lock-outs and short-lived values every instance sees (Redis, or the database). */
  sharedState: SharedState;
  /** Delivers queued side effects now (after a commit that queued one); absent until ready. */
  outbox?: { wake(): Promise<unknown>; stop(): Promise<void> };
  /** itsme registration of drivers (`itsme/configure-itsme.ts`); null: unavailable. */
  itsme?: ItsmeAdapter | null;
  /** The local stand-in provider, when the portal runs one (outside production, no issuer). */
  itsmeStandIn?: ItsmeStandIn;
  /** The scrypt cost of new cloud-wallet keystores when not production's (createApp's option). */
  walletScryptN?: number;
  /** The cloud wallet at /wallet (`http/cloud-wallet.ts`), for services that act on it. */
  cloudWallet: WalletOperations;
}

declare module '@feathersjs/feathers' {
  interface Params {
    /** The signed-in user (set by the authenticate hook). */
    user?: SessionUser;
    /** The server-side session of the access token. */
    session?: SessionInfo;
    /** The caller's IP address, for rate limits. */
    ip?: string;
  }
}

/** Every service path → its service type; each service folder adds itself by module augmentation. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the services
export interface ServiceTypes {}

export type Application = FeathersApplication<ServiceTypes, Configuration>;

export type HookContext<S = unknown> = FeathersHookContext<Application, S>;
