import type { Application } from '../declarations.ts';
import { readinessOf } from '../http/readiness.ts';
import { liveEventsOf } from './live-events.ts';
import { RedisEventStream, type EventStreamOptions } from './redis-event-stream.ts';

/**
 * Live events of the app (issue 42 item 4): each instance's own at once; with Redis
 * (`REDIS_URL`) shared with the other instances through a stream, and the readiness part
 * `events` degraded while that stream does not work. Answers how to stop it.
 */
export function configureLiveEvents(
  app: Application,
  options: EventStreamOptions = {},
): () => Promise<void> {
  const events = liveEventsOf(app);
  const redis = app.get('sharedState').redis;
  if (!redis) return async () => undefined;
  const stream = new RedisEventStream(
    redis,
    ({ kind, data }) => events.deliver(kind, data),
    app.get('logger'),
    options,
  );
  events.relayTo(stream);
  readinessOf(app).add('events', () => {
    const since = stream.downSince();
    if (since === null) return { state: 'up' };
    const waiting = stream.pending > 0 ? `, ${stream.pending} waiting to be sent` : '';
    return {
      state: 'degraded',
      detail: `events between instances interrupted since ${new Date(since).toISOString()}${waiting}; each instance still serves its own sockets`,
    };
  });
  return () => stream.close();
}
