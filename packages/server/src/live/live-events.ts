import type { Application } from '../declarations.ts';
import type { Logger } from '../logger.ts';

/**
 * The kinds of live event and what each carries (plain JSON: it travels between instances).
 * Each module that publishes a kind adds it here by declaration merging.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LiveEventMap {}

export type LiveEventKind = keyof LiveEventMap & string;

/** A live event as it travels: its kind and its data. */
export interface SharedEvent {
  kind: string;
  data: unknown;
}

/** The half that carries events to the other instances and back (`redis-event-stream.ts`). */
export interface LiveEventRelay {
  /** Shares an event; `untilSent` keeps it however long the relay is away (never dropped). */
  share(event: SharedEvent, untilSent: boolean): void;
}

/**
 * Live events of one instance (issue 42 item 4; DESIGN §2 "Scale out"): an event published here
 * reaches this instance's handlers at once, in this process, whatever Redis does; a relay, when
 * there is one, shares it with the other instances and hands theirs to `deliver`.
 */
export class LiveEvents {
  readonly #handlers = new Map<string, Set<(data: never) => void>>();
  readonly #log: Logger;
  #relay: LiveEventRelay | null = null;

  constructor(logger: Logger) {
    this.#log = logger.child({ component: 'live-events' });
  }

  on<K extends LiveEventKind>(kind: K, handler: (data: LiveEventMap[K]) => void): void {
    let handlers = this.#handlers.get(kind);
    if (!handlers) this.#handlers.set(kind, (handlers = new Set()));
    handlers.add(handler);
  }

  /** This instance's handlers now, then the other instances' through the relay. */
  publish<K extends LiveEventKind>(
    kind: K,
    data: LiveEventMap[K],
    options: { untilSent?: boolean } = {},
  ): void {
    this.deliver(kind, data);
    this.#relay?.share({ kind, data }, options.untilSent ?? false);
  }

  /** An event for this instance's handlers (its own, or one the relay heard from another). */
  deliver(kind: string, data: unknown): void {
    for (const handler of this.#handlers.get(kind) ?? []) {
      try {
        (handler as (data: unknown) => void)(data);
      } catch (error) {
        // One handler's bug must not keep the event from the others.
        this.#log.error({ kind, reason: (error as Error).message }, 'live event handler failed');
      }
    }
  }

  relayTo(relay: LiveEventRelay): void {
    this.#relay = relay;
  }
}

const registries = new WeakMap<Application, LiveEvents>();

/** The app's live events (one per app, so that several test apps in one process stay apart). */
export function liveEventsOf(app: Application): LiveEvents {
  let events = registries.get(app);
  if (!events) registries.set(app, (events = new LiveEvents(app.get('logger'))));
  return events;
}
