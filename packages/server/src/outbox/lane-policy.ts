import type { Knex } from 'knex';

/** The table of side effects queued in their change's transaction (migration 0005; DESIGN §2). */
export const outboxTable = 'outbox';

/** What a handler is told of the try it makes. */
export interface DeliveryContext {
  /** 1 for the first try of the row, and so on. */
  attempt: number;
  /** The row is given up after this try. */
  maxAttempts: number;
  lane: string;
  /** Aborted when the try has run out of its lane's time (or the worker stops). */
  signal: AbortSignal;
}

/** Delivers one row's payload of a topic; throwing means "try again later". */
export type OutboxHandler = (payload: never, context: DeliveryContext) => Promise<void>;
export type OutboxHandlers = Record<string, OutboxHandler>;

/**
 * How a topic's lanes deliver (issue 42 item 6): at most `concurrency` rows of one lane at once
 * across every instance, each try given up after `timeoutMs` (the row's lease is that and
 * `leaseMarginMs`, so it always outlasts the try it covers), a failed try tried again after
 * an exponential back-off with jitter, given up after `maxAttempts`.
 */
export interface LanePolicy {
  concurrency: number;
  timeoutMs: number;
  /** What the lease adds to the timeout (`defaultLeaseMarginMs` unless a test scales it). */
  leaseMarginMs?: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /**
   * A lane whose receiver must not be called now (a webhook endpoint paused or switched off):
   * its rows wait, parked, until the lane is released (`releaseLane`).
   */
  held?: (db: Knex.Transaction, lane: string) => Promise<boolean>;
}

/** A topic of the outbox: its handler and how its lanes deliver. */
export interface OutboxTopic {
  handle: OutboxHandler;
  policy: LanePolicy;
}
export type OutboxTopics = Record<string, OutboxTopic>;

/** How often a row is tried before it is given up, unless its topic says otherwise. */
export const outboxMaxAttempts = 10;

/** A topic's policy when it names none: one at a time, 30 s a try, 10 tries. */
export const defaultLanePolicy: LanePolicy = {
  concurrency: 1,
  timeoutMs: 30_000,
  maxAttempts: outboxMaxAttempts,
  backoffBaseMs: 10_000,
  backoffCapMs: 3_600_000,
};

/**
 * What a lease adds to a try's timeout: the bookkeeping after it (the handler's own last
 * writes, the row's completion) and a slow event loop, so no second deliverer takes a row whose
 * first try is still running.
 */
export const defaultLeaseMarginMs = 15_000;

/** How long a try's row is leased: its timeout and the margin. */
export const leaseMsOf = (policy: LanePolicy) =>
  policy.timeoutMs + (policy.leaseMarginMs ?? defaultLeaseMarginMs);

/** Plain handlers as topics with the default policy (tests, and topics without a policy). */
export function topicsOf(handlers: OutboxHandlers, policy: Partial<LanePolicy> = {}): OutboxTopics {
  return Object.fromEntries(
    Object.entries(handlers).map(([topic, handle]) => [
      topic,
      { handle, policy: { ...defaultLanePolicy, ...policy } },
    ]),
  );
}

/**
 * The pause before the next try after `attempt` failed tries: the base doubled per try up to
 * the cap, then between half and all of it ("equal jitter"), so the rows of a receiver that
 * came back do not all return at the same second.
 */
export function backoffMs(attempt: number, policy: LanePolicy, random = Math.random): number {
  const full = Math.min(policy.backoffBaseMs * 2 ** Math.max(attempt - 1, 0), policy.backoffCapMs);
  return Math.round(full * (0.5 + random() * 0.5));
}

/** Thrown by a handler whose lane turned out to be held: the try is not counted. */
export class LaneHeldError extends Error {
  constructor(lane: string) {
    super(`the lane ${lane} is held`);
    this.name = 'LaneHeldError';
  }
}
