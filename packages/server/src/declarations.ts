import type { HookContext as FeathersHookContext, NextFunction } from '@feathersjs/feathers';
import type { Application as FeathersApplication } from '@feathersjs/koa';
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { DatabaseKind } from './db/database.ts';
import type { Logger } from './logger.ts';

export type { NextFunction };

/** What `app.get(…)` holds. */
export interface Configuration {
  config: Config;
  logger: Logger;
  knex: Knex;
  databaseKind: DatabaseKind;
  /** Migrations (and the demo load) have completed; services that query wait for this. */
  databaseReady: boolean;
}

/** Every service path → its service type; each service folder adds itself by module augmentation. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the services
export interface ServiceTypes {}

export type Application = FeathersApplication<ServiceTypes, Configuration>;

export type HookContext<S = unknown> = FeathersHookContext<Application, S>;
