import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.ts';
import type { Logger } from '../logger.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';

export const outboxTable = 'outbox';

/** Delivers one row's payload of a topic; throwing means "try again later". */
export type OutboxHandler = (payload: never) => Promise<void>;
export type OutboxHandlers = Record<string, OutboxHandler>;

/**
 * Queues a side effect in the caller's transaction (DESIGN §2): it is delivered only if that
 * transaction commits, and a crash after the commit never loses it.
 */
export async function enqueue(db: Knex | Knex.Transaction, topic: string, payload: unknown) {
  await db(outboxTable).insert({ topic, payload: JSON.stringify(payload) });
}

/** Queues an e-mail in the caller's transaction. */
export const enqueueMail = (db: Knex | Knex.Transaction, message: MailMessage) =>
  enqueue(db, 'mail', message);

/** The handlers of a server: e-mail through its transport (later: PCS calls…). */
export const mailHandlers = (transport: MailTransport): OutboxHandlers => ({
  mail: (payload: MailMessage) => transport.send(payload),
});

const leaseSeconds = 60;
/** How often a row is tried before it is given up (webhooks count their attempts against it). */
export const outboxMaxAttempts = 10;
const maxAttempts = outboxMaxAttempts;
const batchSize = 20;

interface ClaimedRow {
  id: string;
  topic: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Delivers due rows of the topics `handlers` knows. Rows are first leased (claimed with SKIP
 * LOCKED and pushed into the future) in a short transaction, then delivered outside it, so a
 * slow SMTP server never holds a connection or a lock, and two instances never send one row.
 */
export async function deliverDue(knex: Knex, handlers: OutboxHandlers, logger: Logger) {
  const claimed = await inTransaction(knex, async (trx): Promise<ClaimedRow[]> => {
    const due = trx(outboxTable)
      .select('id')
      .whereIn('topic', Object.keys(handlers))
      .whereNull('delivered_at')
      .whereNull('failed_at')
      .where('available_at', '<=', trx.fn.now())
      .orderBy('id')
      .limit(batchSize)
      .forUpdate()
      .skipLocked();
    return trx(outboxTable)
      .whereIn('id', due)
      .update({
        available_at: trx.raw(`now() + interval '${leaseSeconds} seconds'`),
        attempts: trx.raw('attempts + 1'),
      })
      .returning(['id', 'topic', 'payload', 'attempts']);
  });
  for (const row of claimed) {
    try {
      await handlers[row.topic]!(row.payload as never);
      // The payload may hold a code: once delivered only its recipient is kept.
      const kept = typeof row.payload.to === 'string' ? { to: row.payload.to } : {};
      await knex(outboxTable)
        .where({ id: row.id })
        .update({ delivered_at: knex.fn.now(), payload: JSON.stringify(kept) });
    } catch (error) {
      const failed = row.attempts >= maxAttempts;
      const backoff = Math.min(2 ** row.attempts * 5, 3_600);
      await knex(outboxTable)
        .where({ id: row.id })
        .update({
          last_error: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
          available_at: knex.raw(`now() + interval '${backoff} seconds'`),
          ...(failed ? { failed_at: knex.fn.now() } : {}),
        });
      logger.warn(
        { outboxId: row.id, attempts: row.attempts, failed, err: error },
        'delivery failed',
      );
    }
  }
  return claimed.length;
}

/** Polls the outbox; `wake()` delivers at once (after a commit that queued a two-factor code). */
export function startOutboxWorker(options: {
  knex: Knex;
  handlers: OutboxHandlers;
  logger: Logger;
  intervalMs?: number;
  close?: () => void;
}) {
  const { knex, handlers, logger } = options;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = running
      .then(async () => {
        while (!stopped && (await deliverDue(knex, handlers, logger)) === batchSize);
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'outbox poll failed'));
    return running;
  };
  const timer = setInterval(run, options.intervalMs ?? 2_000);
  timer.unref();
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      options.close?.();
    },
  };
}
