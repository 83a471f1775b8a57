import { isWebhookDeliveryExpired, webhookHeaders, webhookSignature } from '@scr/domain';
import type { Knex } from 'knex';
import {
  LaneHeldError,
  outboxMaxAttempts,
  type DeliveryContext,
  type LanePolicy,
  type OutboxTopics,
} from '../outbox/lane-policy.ts';
import { webhookTopic } from './enqueue-webhook-events.ts';
import { droppedMessage, endpointHeld, recordEndpointTry } from './endpoint-health.ts';
import { postWebhook } from './safe-post.ts';

/** How long one try waits for the endpoint's answer (the OpenAPI document says it too). */
export const webhookTimeoutMs = 5_000;

export interface WebhookDeliveryOptions {
  knex: Knex;
  /** In production only public HTTPS addresses are called (SSRF). */
  production: boolean;
  timeoutMs?: number;
}

/**
 * An endpoint's lane (issue 42 item 6): 4 requests at once, so a receiver that answers in
 * 100 ms takes about 40 events a second while one that hangs holds at most 4 connections of
 * ours (a customer's server, sized for its own traffic, is not flooded either); a try lasts
 * the 5 s the receiver has to answer and 10 s for our bookkeeping; 10 tries, the back-off
 * doubling from 10 s with jitter. A paused or switched-off endpoint holds its lane.
 */
export const webhookLanePolicy: LanePolicy = {
  concurrency: 4,
  timeoutMs: webhookTimeoutMs + 10_000,
  maxAttempts: outboxMaxAttempts,
  backoffBaseMs: 10_000,
  backoffCapMs: 3_600_000,
  held: endpointHeld,
};

/**
 * The outbox topic of webhook deliveries (issue 14 item 5). Each try signs the body anew
 * (`t={now},v1=HMAC-SHA256(secret, "{t}.{body}")`) so a receiver can refuse old requests, is
 * recorded as an attempt for the delivery log and in the endpoint's run of failures, and a
 * failure (no 2xx, timeout, refused address) throws, so the outbox tries again with back-off
 * until it gives up (status `failed`) or the endpoint is paused.
 */
export function webhookTopics(options: WebhookDeliveryOptions): OutboxTopics {
  return {
    [webhookTopic]: {
      handle: (payload: { deliveryId: number | string }, context: DeliveryContext) =>
        deliverWebhook(options, payload.deliveryId, context),
      policy: webhookLanePolicy,
    },
  };
}

export async function deliverWebhook(
  options: WebhookDeliveryOptions,
  deliveryId: number | string,
  context: DeliveryContext,
) {
  const { knex } = options;
  const delivery = await knex('webhook_deliveries as d')
    .join('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .where('d.id', deliveryId)
    .first(
      'd.*',
      'w.url',
      'w.secret',
      'w.active',
      'w.paused_at',
      knex.raw('now() as now'),
      // The secret a rotation replaced, while it still signs beside the new one.
      knex.raw(
        'case when w.previous_secret_until > now() then w.previous_secret end as previous_secret',
      ),
    );
  // A removed endpoint took its deliveries along; a delivered one is not sent twice.
  if (!delivery || delivery.status !== 'pending') return;
  // Paused or switched off since the claim: the try is not made, nor counted.
  if (!delivery.active || delivery.paused_at) throw new LaneHeldError(context.lane);
  if (isWebhookDeliveryExpired(delivery.created_at, new Date(delivery.now))) {
    await knex('webhook_deliveries')
      .where({ id: delivery.id, status: 'pending' })
      .update({ status: 'expired', last_error: droppedMessage });
    return;
  }
  const body = JSON.stringify(delivery.payload);
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const answer = await postWebhook(
      delivery.url,
      body,
      {
        [webhookHeaders.signature]: webhookSignature(
          [delivery.secret, delivery.previous_secret].filter(Boolean),
          Math.floor(Date.now() / 1000),
          body,
        ),
        [webhookHeaders.eventId]: delivery.event_id,
        [webhookHeaders.eventType]: delivery.event_type,
        [webhookHeaders.deliveryId]: String(delivery.id),
      },
      {
        production: options.production,
        timeoutMs: options.timeoutMs ?? webhookTimeoutMs,
        signal: context.signal,
      },
    );
    statusCode = answer.status;
    if (answer.status < 200 || answer.status >= 300) error = `HTTP ${answer.status}`;
  } catch (failure) {
    error = failure instanceof Error ? failure.message.slice(0, 300) : 'delivery failed';
  }
  const attempt = { statusCode, error, ms: Date.now() - started };
  await record(knex, delivery, attempt, error !== null && context.attempt >= context.maxAttempts);
  if (error !== null) throw new Error(error);
}

/** One attempt into the log, the delivery's state after it, and the endpoint's run of failures. */
async function record(
  knex: Knex,
  delivery: { id: string; endpoint_id: string; attempts: number },
  attempt: { statusCode: number | null; error: string | null; ms: number },
  givenUp: boolean,
) {
  await knex.transaction(async (trx) => {
    // The endpoint's row first, as its removal and its patch lock it before its deliveries:
    // the same order, so a try recorded while the endpoint is removed never deadlocks.
    await recordEndpointTry(trx, delivery.endpoint_id, attempt.error);
    await trx('webhook_attempts').insert({
      delivery_id: delivery.id,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.ms,
    });
    await trx('webhook_deliveries')
      .where({ id: delivery.id })
      .update({
        attempts: trx.raw('attempts + 1'),
        last_status_code: attempt.statusCode,
        last_error: attempt.error,
        last_attempt_at: trx.fn.now(),
        status: attempt.error === null ? 'delivered' : givenUp ? 'failed' : 'pending',
        ...(attempt.error === null ? { delivered_at: trx.fn.now() } : {}),
      });
  });
}
