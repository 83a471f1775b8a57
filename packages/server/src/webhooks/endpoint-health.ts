import {
  shouldPauseWebhookEndpoint,
  webhookEndpointState,
  webhookRetentionDays,
} from '@scr/domain';
import type { Knex } from 'knex';
import { lockLane, releaseLane } from '../outbox/lane-claims.ts';
import { outboxTable } from '../outbox/lane-policy.ts';
import { webhookLane, webhookLanePrefix } from './enqueue-webhook-events.ts';

const endpointOfLane = (lane: string) => {
  const id = Number(lane.slice(webhookLanePrefix.length));
  return Number.isSafeInteger(id) ? id : 0;
};

/**
 * Whether an endpoint's lane is held: paused by the portal, or switched off by its admin. Its
 * deliveries wait (kept `webhookRetentionDays`); a removed endpoint is not held (its deliveries
 * went with it, and its outbox rows complete unsent).
 */
export async function endpointHeld(db: Knex | Knex.Transaction, lane: string): Promise<boolean> {
  const endpoint = await db('webhook_endpoints')
    .where({ id: endpointOfLane(lane) })
    .first('active', 'paused_at');
  if (!endpoint) return false;
  return (
    webhookEndpointState({ active: endpoint.active, pausedAt: endpoint.paused_at }) !== 'active'
  );
}

/**
 * An endpoint's run of failures after one try (in the try's own transaction): a 2xx ends it;
 * a failure lengthens it and, once domain `shouldPauseWebhookEndpoint` says so, pauses the
 * endpoint (its lane is parked by the next poll). Answers whether this try paused it.
 */
export async function recordEndpointTry(
  trx: Knex.Transaction,
  endpointId: number | string,
  error: string | null,
): Promise<boolean> {
  if (error === null) {
    await trx('webhook_endpoints')
      .where({ id: endpointId })
      .where((q) => q.where('consecutive_failures', '>', 0).orWhereNotNull('last_error'))
      .update({ consecutive_failures: 0, failing_since: null, last_error: null });
    return false;
  }
  const { rows } = await trx.raw(
    `update webhook_endpoints
        set consecutive_failures = consecutive_failures + 1,
            failing_since = coalesce(failing_since, now()), last_error = ?
      where id = ?
      returning consecutive_failures, failing_since, paused_at, now() as now`,
    [error.slice(0, 300), endpointId],
  );
  const run = rows[0];
  if (!run || run.paused_at) return false;
  if (!shouldPauseWebhookEndpoint(run.consecutive_failures, run.failing_since, new Date(run.now)))
    return false;
  await trx('webhook_endpoints').where({ id: endpointId }).update({ paused_at: trx.fn.now() });
  return true;
}

/**
 * Ends a pause, or follows an endpoint switched on again: its run of failures is forgotten,
 * what is past the retention is dropped first, and what waits is due now, from its first try.
 */
export async function releaseEndpoint(trx: Knex.Transaction, endpointId: number | string) {
  // The lane's lock before its rows, as a claim takes them: no claim parks them meanwhile.
  await lockLane(trx, webhookLane(endpointId));
  await trx('webhook_endpoints')
    .where({ id: endpointId })
    .update({ paused_at: null, consecutive_failures: 0, failing_since: null, last_error: null });
  await dropExpiredDeliveries(trx, webhookLane(endpointId));
  return releaseLane(trx, webhookLane(endpointId));
}

/** What the delivery log says of a delivery dropped unsent. */
export const droppedMessage = `Not delivered within ${webhookRetentionDays} days: dropped`;

/**
 * Drops deliveries queued more than `webhookRetentionDays` ago and still not sent (an endpoint
 * paused or switched off that long), in one lane or all: their outbox rows are given up and the
 * log shows them `expired`. Answers how many.
 */
export async function dropExpiredDeliveries(db: Knex | Knex.Transaction, lane?: string) {
  const { rows } = await db.raw(
    `with dropped as (
       update ${outboxTable} set failed_at = now(), last_error = ?
        where topic = 'webhook' and delivered_at is null and failed_at is null
          and created_at < now() - ? * interval '1 day'
          and (leased_until is null or leased_until < now())
          ${lane ? 'and lane = ?' : ''}
       returning (payload->>'deliveryId')::bigint as delivery_id
     )
     update webhook_deliveries set status = 'expired', last_error = ?
      where status = 'pending' and id in (select delivery_id from dropped)
     returning id`,
    [droppedMessage, webhookRetentionDays, ...(lane ? [lane] : []), droppedMessage],
  );
  return rows.length as number;
}
