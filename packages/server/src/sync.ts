import sync, { type SyncOptions } from 'feathers-sync';
import { createClient } from 'redis';
import type { Application } from './declarations.ts';
import type { Logger } from './logger.ts';

interface SyncState {
  ready: Promise<unknown>;
  pub: { close(): Promise<void> };
  sub: { close(): Promise<void> };
}

/**
 * Real-time events between server instances through Redis (feathers-sync). Must run before the
 * first service is registered. Returns a function that closes the Redis connections.
 */
export function configureSync(app: Application, redisUrl: string, logger: Logger) {
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
