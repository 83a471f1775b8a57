import { webhookHeaders, webhookSignature } from '@scr/domain';
import type { Knex } from 'knex';
import { outboxMaxAttempts, type OutboxHandlers } from '../mail/outbox.ts';
import { webhookTopic } from './enqueue-webhook-events.ts';
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
 * The outbox handler of webhook deliveries (issue 14 item 5). Each try signs the body anew
 * (`t={now},v1=HMAC-SHA256(secret, "{t}.{body}")`) so a receiver can refuse old requests, is
 * recorded as an attempt for the delivery log, and a failure (no 2xx, timeout, refused
 * address) throws, so the outbox tries again with back-off until it gives up (status `failed`).
 */
export function webhookHandlers(options: WebhookDeliveryOptions): OutboxHandlers {
  return {
    [webhookTopic]: (payload: { deliveryId: number | string }) =>
      deliverWebhook(options, payload.deliveryId),
  };
}

export async function deliverWebhook(options: WebhookDeliveryOptions, deliveryId: number | string) {
  const { knex } = options;
  const delivery = await knex('webhook_deliveries as d')
    .join('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .where('d.id', deliveryId)
    .first('d.*', 'w.url', 'w.secret', 'w.active');
  // A removed endpoint took its deliveries along; a delivered one is not sent twice.
  if (!delivery || delivery.status !== 'pending') return;
  if (!delivery.active) {
    await record(
      knex,
      delivery,
      { statusCode: null, error: 'The endpoint is disabled', ms: 0 },
      true,
    );
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
          delivery.secret,
          Math.floor(Date.now() / 1000),
          body,
        ),
        [webhookHeaders.eventId]: delivery.event_id,
        [webhookHeaders.eventType]: delivery.event_type,
        [webhookHeaders.deliveryId]: String(delivery.id),
      },
      { production: options.production, timeoutMs: options.timeoutMs ?? webhookTimeoutMs },
    );
    statusCode = answer.status;
    if (answer.status < 200 || answer.status >= 300) error = `HTTP ${answer.status}`;
  } catch (failure) {
    error = failure instanceof Error ? failure.message.slice(0, 300) : 'delivery failed';
  }
  const attempt = { statusCode, error, ms: Date.now() - started };
  await record(
    knex,
    delivery,
    attempt,
    error !== null && delivery.attempts + 1 >= outboxMaxAttempts,
  );
  if (error !== null) throw new Error(error);
}

/** One attempt into the log, and the delivery's state after it. */
async function record(
  knex: Knex,
  delivery: { id: string; attempts: number },
  attempt: { statusCode: number | null; error: string | null; ms: number },
  givenUp: boolean,
) {
  await knex.transaction(async (trx) => {
    await trx('webhook_attempts').insert({
      delivery_id: delivery.id,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.ms,
    });
    await trx('webhook_deliveries')
      .where({ id: delivery.id })
      .update({
        attempts: delivery.attempts + 1,
        last_status_code: attempt.statusCode,
        last_error: attempt.error,
        last_attempt_at: trx.fn.now(),
        status: attempt.error === null ? 'delivered' : givenUp ? 'failed' : 'pending',
        ...(attempt.error === null ? { delivered_at: trx.fn.now() } : {}),
      });
  });
}
