import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import {
  outboxTable,
  topicsOf,
  type LanePolicy,
  type OutboxHandlers,
  type OutboxTopics,
} from '../outbox/lane-policy.ts';
import { createOutboxWorker } from '../outbox/lane-worker.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';

export {
  outboxMaxAttempts,
  outboxTable,
  type OutboxHandler,
  type OutboxHandlers,
} from '../outbox/lane-policy.ts';
export { startOutboxWorker } from '../outbox/lane-worker.ts';

/**
 * Queues a side effect in the caller's transaction (DESIGN §2): it is delivered only if that
 * transaction commits, and a crash after the commit never loses it. It goes in `lane` (issue 42
 * item 6: a receiver of its own, e.g. `webhook:{endpoint id}`), by default its topic's.
 */
export async function enqueue(
  db: Knex | Knex.Transaction,
  topic: string,
  payload: unknown,
  options: { lane?: string } = {},
) {
  await db(outboxTable).insert({
    topic,
    lane: options.lane ?? topic,
    payload: JSON.stringify(payload),
  });
}

/** The outbox topic, and lane, of e-mail. */
export const mailTopic = 'mail';

/** Queues an e-mail in the caller's transaction. */
export const enqueueMail = (db: Knex | Knex.Transaction, message: MailMessage) =>
  enqueue(db, mailTopic, message);

/**
 * The mail lane (issue 42 item 6): 4 messages at once, as SMTP servers commonly allow a client a
 * handful of connections (more are refused or slowed); 60 s a try, above the transport's own
 * connection, greeting and socket timeouts; 15 tries, so a message outlives an SMTP server that
 * is down for at least 3 hours (the back-off doubles from 10 s to 1 h, with jitter).
 */
export const mailLanePolicy: LanePolicy = {
  concurrency: 4,
  timeoutMs: 60_000,
  maxAttempts: 15,
  backoffBaseMs: 10_000,
  backoffCapMs: 3_600_000,
};

/** The outbox topic of e-mail, sent through the server's transport. */
export const mailTopics = (transport: MailTransport): OutboxTopics => ({
  [mailTopic]: {
    handle: (payload: MailMessage) => transport.send(payload),
    policy: mailLanePolicy,
  },
});

/**
 * Delivers what is due of the topics `handlers` knows, in their lanes, and waits until it is
 * done (tests; the app's worker polls, `startOutboxWorker`). Answers how many rows it tried.
 */
export function deliverDue(knex: Knex, handlers: OutboxHandlers, logger: Logger) {
  return createOutboxWorker({ knex, topics: topicsOf(handlers), logger }).wake();
}
