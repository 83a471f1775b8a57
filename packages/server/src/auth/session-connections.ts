import type { RealTimeConnection } from '@feathersjs/feathers';
import type { Application } from '../declarations.ts';
import { liveEventsOf } from '../live/live-events.ts';

/** The live event, heard by every instance, of sessions that ended. */
export const sessionsEndedEvent = 'sessions-ended';

export interface SessionEndedData {
  sessionIds: string[];
}

declare module '../live/live-events.ts' {
  interface LiveEventMap {
    [sessionsEndedEvent]: SessionEndedData;
  }
}

interface Tracked {
  sessionId: string;
  /** The session's absolute end (ms since the epoch): created_at + SESSION_MAX_HOURS. */
  endsAt: number;
}

/**
 * The signed-in sockets of each server-side session, in memory on this instance (issue 9 §6).
 * A session that ends (logout, deactivation, its absolute lifetime) must stop reaching its
 * sockets at once, without a database query per published event: the ids of sessions ended on
 * any instance are remembered here for as long as such a session could otherwise still be live
 * (the maximum lifetime), and `isLive` is a map lookup and a clock comparison.
 */
export class SessionConnections {
  readonly #bySession = new Map<string, Set<RealTimeConnection>>();
  readonly #ofConnection = new WeakMap<RealTimeConnection, Tracked>();
  /** Ended session id → until when to remember it (insertion order = time order). */
  readonly #ended = new Map<string, number>();
  readonly #rememberMs: number;
  readonly #now: () => number;

  constructor(maxLifetimeMs: number, now: () => number = Date.now) {
    this.#rememberMs = maxLifetimeMs;
    this.#now = now;
  }

  /** A socket signed in with a token of this session; false (not tracked) if it has ended. */
  track(connection: RealTimeConnection, sessionId: string, endsAt: number): boolean {
    this.untrack(connection);
    if (this.#ended.has(sessionId) || endsAt <= this.#now()) return false;
    this.#ofConnection.set(connection, { sessionId, endsAt });
    let set = this.#bySession.get(sessionId);
    if (!set) this.#bySession.set(sessionId, (set = new Set()));
    set.add(connection);
    return true;
  }

  /** The socket closed or signed out. */
  untrack(connection: RealTimeConnection): void {
    const tracked = this.#ofConnection.get(connection);
    if (!tracked) return;
    this.#ofConnection.delete(connection);
    const set = this.#bySession.get(tracked.sessionId);
    set?.delete(connection);
    if (set?.size === 0) this.#bySession.delete(tracked.sessionId);
  }

  /** The socket holds a session that has neither ended nor outlived its absolute lifetime. */
  isLive(connection: RealTimeConnection): boolean {
    const tracked = this.#ofConnection.get(connection);
    return !!tracked && tracked.endsAt > this.#now() && !this.#ended.has(tracked.sessionId);
  }

  /** Sessions ended: remembers them and answers (and forgets) the sockets that held them. */
  end(sessionIds: readonly string[]): RealTimeConnection[] {
    const now = this.#now();
    for (const [id, until] of this.#ended) {
      if (until > now) break;
      this.#ended.delete(id);
    }
    const dropped: RealTimeConnection[] = [];
    for (const id of sessionIds) {
      this.#ended.delete(id);
      this.#ended.set(id, now + this.#rememberMs);
      for (const connection of this.#bySession.get(id) ?? []) {
        this.#ofConnection.delete(connection);
        dropped.push(connection);
      }
      this.#bySession.delete(id);
    }
    return dropped;
  }

  /** How many session ids are remembered as ended (for tests). */
  get endedCount(): number {
    return this.#ended.size;
  }
}

const registries = new WeakMap<Application, SessionConnections>();

/** The app's registry (one per app, so that several test apps in one process stay apart). */
export function sessionConnectionsOf(app: Application): SessionConnections {
  let registry = registries.get(app);
  if (!registry) {
    registry = new SessionConnections(sessionMaxLifetimeMs(app));
    registries.set(app, registry);
  }
  return registry;
}

/** SESSION_MAX_HOURS in milliseconds. */
export function sessionMaxLifetimeMs(app: Application): number {
  return app.get('config').sessionMaxHours * 3_600_000;
}

/**
 * Ends sessions everywhere (issue 9 §6): this instance at once, and every other one through the
 * live events' relay when REDIS_URL is set (kept until Redis takes it, however long it is away),
 * forgets the sockets of these sessions, takes them out of every channel and disconnects them.
 * Call it after the sessions' `revoked_at` is committed.
 */
export function endSessions(app: Application, sessionIds: readonly string[]): void {
  if (sessionIds.length === 0) return;
  liveEventsOf(app).publish(
    sessionsEndedEvent,
    { sessionIds: [...sessionIds] },
    { untilSent: true },
  );
}
