import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.ts';
import type { RedisClient, RedisLink } from '../shared-state/redis-link.ts';
import { within } from '../shared-state/redis-shared-store.ts';
import { sharedKeyPrefix } from '../shared-state/shared-store.ts';
import type { LiveEventRelay, SharedEvent } from './live-events.ts';

export interface EventStreamOptions {
  /** The stream's key in Redis. */
  key?: string;
  /** How long one read waits for new entries; a read unanswered well past it means a hung Redis. */
  blockMs?: number;
  /** How long the stream keeps entries: an instance cut off for less catches up on return. */
  retentionMs?: number;
  /** Events kept at most while Redis is away; past that the oldest notices are dropped. */
  maxPending?: number;
}

interface Pending {
  event: SharedEvent;
  seq: number;
  at: number;
  untilSent: boolean;
}

/** An entry as the stream holds it: origin, its sequence number there, kind, JSON data. */
type Entry = { o: string; s: string; k: string; d: string };
type ReadAnswer = { name: string; messages: { id: string; message: Entry }[] }[] | null;

const sendTimeoutMs = 2_000;
/** How long past `blockMs` an unanswered read may wait before the channel counts as down. */
const readGraceMs = 3_000;

/**
 * Live events between instances through a Redis stream (issue 42 item 4): each instance appends
 * the events it publishes (XADD, trimmed to `retentionMs`) and reads everyone's from where it
 * last read (XREAD BLOCK on a connection of its own). A read names its own position, so an
 * instance whose connection comes back (Redis restarted, a hung server left for a new
 * connection) resumes where it stopped, with nothing to subscribe again and nothing missed
 * that the stream still holds. What an instance publishes while Redis is away waits here, in
 * order, and goes out when it returns; a send that timed out but landed is sent again, and the
 * receivers skip the repeat by its origin's sequence number. `downSince` says since when the
 * channel is not working (read or send), for readiness.
 */
export class RedisEventStream implements LiveEventRelay {
  readonly #origin = randomUUID();
  readonly #link: RedisLink;
  readonly #deliver: (event: SharedEvent) => void;
  readonly #log: Logger;
  readonly #key: string;
  readonly #blockMs: number;
  readonly #retentionMs: number;
  readonly #maxPending: number;
  readonly #reader: RedisClient;
  readonly #pending: Pending[] = [];
  /** The last sequence number heard from each other instance, and when. */
  readonly #heard = new Map<string, { seq: number; at: number }>();
  readonly #timer: NodeJS.Timeout;
  #seq = 0;
  #sending = false;
  /** Entries after this id are still to read: from this instance's start on. */
  #lastId = `${Date.now()}-0`;
  /** When the read now waiting on Redis was sent; null while none waits. */
  #readSince: number | null = null;
  #downSince: number | null = Date.now();
  #dropped = 0;
  #closed = false;

  constructor(
    link: RedisLink,
    deliver: (event: SharedEvent) => void,
    logger: Logger,
    options: EventStreamOptions = {},
  ) {
    this.#link = link;
    this.#deliver = deliver;
    this.#log = logger.child({ component: 'live-events' });
    this.#key = options.key ?? `${sharedKeyPrefix}events`;
    this.#blockMs = options.blockMs ?? 2_000;
    this.#retentionMs = options.retentionMs ?? 120_000;
    this.#maxPending = options.maxPending ?? 1_000;
    // A healthy server answers every read within blockMs: a socket silent for longer is dead.
    this.#reader = link.connect('events', {
      socket: { socketTimeout: this.#blockMs + readGraceMs + 1_000 },
    });
    this.#timer = setInterval(() => this.#tick(), 1_000).unref();
    void this.#read();
  }

  share(event: SharedEvent, untilSent: boolean): void {
    if (this.#closed) return;
    this.#pending.push({ event, seq: ++this.#seq, at: Date.now(), untilSent });
    this.#trim(Date.now());
    void this.#send();
  }

  /** Since when events do not travel between instances (ms since the epoch), or null. */
  downSince(): number | null {
    return this.#downSince;
  }

  /** How many events wait to be sent. */
  get pending(): number {
    return this.#pending.length;
  }

  /** Stops reading; what waits to be sent has a second to go while Redis answers. */
  async close(): Promise<void> {
    const deadline = Date.now() + 1_000;
    while (this.#pending.length > 0 && this.#link.isUp() && Date.now() < deadline) {
      void this.#send();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.#closed = true;
    clearInterval(this.#timer);
    // Not a graceful close: that would wait for the blocked read's answer.
    try {
      this.#reader.destroy();
    } catch {
      // Closed already.
    }
  }

  async #send(): Promise<void> {
    if (this.#sending) return;
    this.#sending = true;
    try {
      while (!this.#closed && this.#link.isUp()) {
        const head = this.#pending[0];
        if (!head) break;
        const { kind, data } = head.event;
        const entry: Entry = {
          o: this.#origin,
          s: String(head.seq),
          k: kind,
          d: JSON.stringify(data),
        };
        await within(
          this.#link.client.xAdd(this.#key, '*', entry, {
            TRIM: {
              strategy: 'MINID',
              strategyModifier: '~',
              threshold: Date.now() - this.#retentionMs,
            },
          }),
          sendTimeoutMs,
        );
        // By identity: the queue may have been trimmed meanwhile.
        const index = this.#pending.indexOf(head);
        if (index >= 0) this.#pending.splice(index, 1);
      }
    } catch (error) {
      this.#log.debug({ reason: (error as Error).message }, 'live event not sent yet');
    } finally {
      this.#sending = false;
    }
  }

  async #read(): Promise<void> {
    while (!this.#closed) {
      if (!this.#reader.isReady) {
        await this.#readyOrAfter(1_000);
        continue;
      }
      this.#readSince = Date.now();
      try {
        const answer = (await this.#reader.xRead(
          { key: this.#key, id: this.#lastId },
          { BLOCK: this.#blockMs, COUNT: 100 },
        )) as unknown as ReadAnswer;
        for (const stream of answer ?? []) {
          for (const { id, message } of stream.messages) {
            this.#lastId = id;
            this.#receive(message);
          }
        }
      } catch (error) {
        if (this.#closed) return;
        this.#log.debug({ reason: (error as Error).message }, 'live events read failed');
        await new Promise((resolve) => setTimeout(resolve, 250));
      } finally {
        this.#readSince = null;
      }
    }
  }

  #receive(entry: Entry): void {
    if (entry.o === this.#origin) return;
    const seq = Number(entry.s);
    const last = this.#heard.get(entry.o);
    if (last && seq <= last.seq) return;
    this.#heard.set(entry.o, { seq, at: Date.now() });
    let data: unknown;
    try {
      data = JSON.parse(entry.d);
    } catch {
      this.#log.warn({ kind: entry.k }, 'live event unreadable; skipped');
      return;
    }
    this.#deliver({ kind: entry.k, data });
  }

  #readyOrAfter(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#reader.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#reader.once('ready', done);
    });
  }

  /** Drops notices that would be trimmed at once anyway, and the oldest past `maxPending`. */
  #trim(now: number): void {
    let excess = this.#pending.length - this.#maxPending;
    const before = this.#pending.length;
    for (let i = 0; i < this.#pending.length;) {
      const pending = this.#pending[i]!;
      if (!pending.untilSent && (excess > 0 || now - pending.at > this.#retentionMs)) {
        this.#pending.splice(i, 1);
        excess -= 1;
      } else i += 1;
    }
    this.#dropped += before - this.#pending.length;
  }

  /** Every second: retry sending, drop what is too old, and tell readiness how it stands. */
  #tick(): void {
    const now = Date.now();
    this.#trim(now);
    void this.#send();
    for (const [origin, { at }] of this.#heard) {
      if (now - at > 3_600_000) this.#heard.delete(origin);
    }
    const reading =
      this.#reader.isReady &&
      this.#readSince !== null &&
      now - this.#readSince < this.#blockMs + readGraceMs;
    const oldest = this.#pending[0];
    const sending = this.#link.isUp() && (!oldest || now - oldest.at < sendTimeoutMs + 1_000);
    if (reading && sending) {
      if (this.#downSince !== null) {
        this.#log.info({ downMs: now - this.#downSince }, 'live events between instances work');
      }
      this.#downSince = null;
    } else if (this.#downSince === null) {
      this.#downSince = now;
      this.#log.warn(
        { reading, sending },
        'live events between instances interrupted; this instance serves its own sockets meanwhile',
      );
    }
    if (this.#dropped > 0) {
      this.#log.warn({ dropped: this.#dropped }, 'live notices dropped while Redis was away');
      this.#dropped = 0;
    }
  }
}
