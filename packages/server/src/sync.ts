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

/**
 * feathers-sync and Redis's client, loaded by the first configureSync (both are CommonJS, so
 * synchronously, as configureSync must run before any service is registered). A portal without
 * REDIS_URL never loads them: with the NATS and AMQP clients feathers-sync requires for its
 * other adapters they are about 700 files, a third of a core-second at every process start and
 * in every test worker (issue 10 §7).
 */
const require = createRequire(import.meta.url);
function syncModules() {
  return {
    feathersSync: require('feathers-sync') as typeof feathersSync,
    createClient: (require('redis') as typeof Redis).createClient,
  };
}

/**
 * Real-time events between server instances through Redis (feathers-sync). Must run before the
 * first service is registered. Returns a function that closes the Redis connections.
 */
export function configureSync(app: Application, redisUrl: string, logger: Logger) {
  const { feathersSync: sync, createClient } = syncModules();
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
