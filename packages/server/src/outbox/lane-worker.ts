import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import {
  claimLane,
  completeRow,
  dueLanes,
  failRow,
  returnRow,
  type ClaimedRow,
} from './lane-claims.ts';
import { backoffMs, LaneHeldError, type OutboxTopics } from './lane-policy.ts';

/** How long `stop()` lets tries in flight finish before it lets go of them (their leases stay). */
const stopGraceMs = 5_000;

export interface OutboxWorkerOptions {
  knex: Knex;
  topics: OutboxTopics;
  logger: Logger;
  /** How often the worker looks for due rows (2 s); 0: only when woken. */
  intervalMs?: number;
  /** Run after stop() (the mail transport's close). */
  close?: () => void;
}

/** What readiness reads of a worker. */
export interface OutboxWorkerHealth {
  startedAt: number;
  /** When the poll last completed a round (null: not yet). */
  lastRoundAt: number | null;
  /** The last failed poll's error code or name (no message: it may quote a statement). */
  lastError: string | null;
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/**
 * The outbox in lanes (issue 42 item 6, DESIGN §2). Each round finds the lanes with due rows
 * and claims in each what its concurrency leaves free; each row is sent on its own, under its
 * own lease and timeout, and when it is done its lane claims its next row at once. A lane
 * never waits for another: a receiver that hangs holds only its own lane's slots. Several
 * instances share the work: claims take the lane's advisory lock and `FOR UPDATE SKIP LOCKED`.
 */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const { knex, topics, logger } = options;
  const names = Object.keys(topics);
  const inFlight = new Map<string, number>();
  /** Lanes whose last claim filled every free slot: more may be due behind them. */
  const backlogged = new Set<string>();
  const work = new Set<Promise<unknown>>();
  const aborts = new Set<AbortController>();
  const health: OutboxWorkerHealth = { startedAt: Date.now(), lastRoundAt: null, lastError: null };
  let stopped = false;
  let round: Promise<void> | null = null;
  let again = false;
  let claimed = 0;

  const track = <T>(promise: Promise<T>) => {
    work.add(promise);
    void promise.finally(() => work.delete(promise)).catch(() => undefined);
    return promise;
  };

  async function fill(lane: string, topic: string) {
    const entry = topics[topic];
    if (stopped || !entry || (inFlight.get(lane) ?? 0) >= entry.policy.concurrency) return;
    // A try's time runs from before its claim, so it ends a margin before its lease, however
    // long the claim took to come back.
    const claimedAt = Date.now();
    const { rows, more } = await claimLane(knex, lane, entry.policy);
    claimed += rows.length;
    if (more) backlogged.add(lane);
    else backlogged.delete(lane);
    for (const row of rows) {
      inFlight.set(lane, (inFlight.get(lane) ?? 0) + 1);
      void track(
        deliver(row, claimedAt)
          .catch(warn('outbox bookkeeping failed (the row is tried again after its lease)'))
          .finally(() => {
            inFlight.set(lane, (inFlight.get(lane) ?? 1) - 1);
            // A lane with more waiting takes its next row at once; others wait for the poll.
            if (!stopped && backlogged.has(lane)) {
              void track(fill(lane, topic).catch(warn('outbox claim failed')));
            }
          }),
      );
    }
  }

  const warn = (message: string) => (error: unknown) => {
    // Readiness may be read by anyone who reaches it: a code or a name, never a statement's text.
    const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
    health.lastError = String(code ?? name ?? 'error');
    logger.warn({ err: error }, message);
  };

  async function deliver(row: ClaimedRow, claimedAt: number) {
    const { handle, policy } = topics[row.topic]!;
    const abort = new AbortController();
    aborts.add(abort);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          abort.abort();
          reject(new DeliveryTimeout(policy.timeoutMs));
        },
        Math.max(claimedAt + policy.timeoutMs - Date.now(), 0),
      );
    });
    const context = { attempt: row.attempts, maxAttempts: policy.maxAttempts, lane: row.lane };
    const attempt = Promise.resolve().then(() =>
      handle(row.payload as never, { ...context, signal: abort.signal }),
    );
    // A try given up for its time may still settle later: nobody listens to it then.
    attempt.catch(() => undefined);
    try {
      await Promise.race([attempt, timedOut]);
      if (!(await completeRow(knex, row))) leaseLost(row);
    } catch (error) {
      if (error instanceof LaneHeldError) return await returnRow(knex, row);
      const givenUp = row.attempts >= policy.maxAttempts;
      const failure = {
        error: error instanceof Error ? error.message : 'unknown error',
        backoffMs: backoffMs(row.attempts, policy),
        timedOut: error instanceof DeliveryTimeout,
        givenUp,
      };
      if (!(await failRow(knex, row, failure))) leaseLost(row);
      logger.warn(
        { outboxId: row.id, lane: row.lane, attempts: row.attempts, givenUp, err: error },
        'delivery failed',
      );
    } finally {
      clearTimeout(timer);
      aborts.delete(abort);
    }
  }

  const leaseLost = (row: ClaimedRow) =>
    logger.warn({ outboxId: row.id, lane: row.lane }, 'outbox lease lost before completion');

  /** One poll; a poll asked for while one runs runs once after it (never a queue of them). */
  function poll(): Promise<void> {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      do {
        again = false;
        if (stopped) break;
        const lanes = await dueLanes(knex, names);
        await Promise.all(
          lanes.map(({ lane, topic }) => fill(lane, topic).catch(warn('outbox claim failed'))),
        );
        health.lastRoundAt = Date.now();
      } while (again);
    })()
      .catch(warn('outbox poll failed'))
      .finally(() => {
        round = null;
      });
    return round;
  }

  /**
   * Polls, then waits until every try started meanwhile (and its lane's next ones) is done. One
   * wait at a time, shared by every caller: services wake the worker after each commit.
   */
  let draining: Promise<number> | null = null;
  function drain(): Promise<number> {
    void poll();
    draining ??= (async () => {
      const before = claimed;
      while (round || work.size > 0) {
        if (round) await round;
        await Promise.allSettled([...work]);
      }
      return claimed - before;
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    health,
    /** Delivers what is due now (after a commit that queued something) and what that frees. */
    wake: drain,
    start() {
      if (timer || !options.intervalMs) return;
      timer = setInterval(() => void poll(), options.intervalMs);
      timer.unref();
      void poll();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await round;
      const grace = new Promise((resolve) => setTimeout(resolve, stopGraceMs).unref());
      await Promise.race([Promise.allSettled([...work]), grace]);
      for (const abort of aborts) abort.abort();
      options.close?.();
    },
  };
}

/** A try that ran out of its lane's time. */
class DeliveryTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'DeliveryTimeout';
  }
}

/** A worker polling every `intervalMs` (2 s by default). */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const worker = createOutboxWorker({ ...options, intervalMs: options.intervalMs ?? 2_000 });
  worker.start();
  return worker;
}
