import { createRequire } from 'node:module';
import type feathersSync from 'feathers-sync';
import type { SyncOptions } from 'feathers-sync';
import type * as Redis from 'redis';
import type { Application } from './declarations.ts';
import type { Logger } from './logger.ts';

interface SyncState {
  ready: Promise<unknown>;
  pub: { close(): Promise<void> };
  sub: { close(): Promise<void> };
}

const require = createRequire(import.meta.url);

/**
 * Real-time events between server instances through Redis (feathers-sync). Must run before the
 * first service is registered. Returns a function that closes the Redis connections.
 */
export function configureSync(app: Application, redisUrl: string, logger: Logger) {
  // feathers-sync and Redis's client are required here, synchronously (both are CommonJS; this
  // must run before any service is registered): a portal without REDIS_URL never loads them.
  // With the NATS and AMQP clients feathers-sync requires for its other adapters they are about
  // 700 files, a third of a core-second at every process start and test worker (issue 10 §7).
  const sync = require('feathers-sync') as typeof feathersSync;
  const { createClient } = require('redis') as typeof Redis;
  const log = logger.child({ component: 'redis' });
  const redisClient = createClient({ url: redisUrl });
  // feathers-sync copies this handler to its subscriber; without one it writes to the console.
  redisClient.on('error', (error: Error) => log.warn({ reason: error.message }, 'redis error'));
  app.configure(sync({ uri: redisUrl, key: 'scr-sync', redisClient } as SyncOptions));
  const state = (app as unknown as { sync: SyncState }).sync;
  state.ready.then(
    () => log.info('connected to redis for events between instances'),
    (error: Error) => log.warn({ reason: error.message }, 'redis not reachable yet; retrying'),
  );
  return async () => {
    await Promise.allSettled([state.pub.close(), state.sub.close()]);
  };
}
