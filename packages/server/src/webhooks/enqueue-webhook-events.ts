import {
  webhookEventTypeOf,
  type CheckpointWebhookEventBody,
  type SignedCheckpoint,
} from '@scr/domain';
import type { Knex } from 'knex';

/** The outbox topic of webhook deliveries (`deliver-webhook.ts` handles it). */
export const webhookTopic = 'webhook';

/** Issue 42 item 6: each endpoint's deliveries go in a lane of their own, `webhook:{id}`. */
export const webhookLanePrefix = 'webhook:';
export const webhookLane = (endpointId: number | string) => `${webhookLanePrefix}${endpointId}`;

/** One ledger event as `appendEvents` wrote it. */
export interface AppendedEvent {
  release_id: number | string;
  operation: string;
  hash: string;
  release_version: number;
  created_at: string;
  /** The audit trail's description as stored (JSON text), or null. */
  description: string | null;
  /** Organisations the event took out of the chain (a revoke's later parties). */
  formerPartyIds: readonly number[];
}

const chunk = 500;

/**
 * Issue 14 item 5: the one place release changes feed webhooks. Every change of a release is a
 * ledger event (`ledger.ts` `appendEvents`, custody and server-signed alike), so each event is
 * queued here, in the change's own transaction, as one delivery per endpoint that takes its
 * type, for the organisations in that release's chain: its active parties after the change,
 * and those the event itself took out of it (a revoke's later parties), so they learn of the
 * revoke too, and of nothing after it.
 * An outbox row per delivery, in the endpoint's own lane, has the worker send it; a rollback
 * sends nothing. Issue 42 item 6: an endpoint paused or switched off gets its events queued
 * too; they wait in its lane (`webhookRetentionDays`) until it delivers again.
 */
export async function enqueueWebhookEvents(
  trx: Knex.Transaction,
  events: readonly AppendedEvent[],
): Promise<void> {
  const typed = events.flatMap((event) => {
    const type = webhookEventTypeOf(event.operation);
    return type ? [{ ...event, type }] : [];
  });
  if (typed.length === 0) return;
  const endpoint = await trx('webhook_endpoints').first('id');
  if (!endpoint) return;
  for (let i = 0; i < typed.length; i += chunk) {
    const slice = typed.slice(i, i + chunk);
    const values = slice
      .map(() => '(?::bigint, ?, ?, ?, ?::int, ?, ?::jsonb, ?::int[])')
      .join(', ');
    const bindings = slice.flatMap((event) => [
      event.release_id,
      event.hash,
      event.type,
      event.operation,
      event.release_version,
      event.created_at,
      event.type === 'greenLight' ? event.description : null,
      [...event.formerPartyIds],
    ]);
    await trx.raw(
      `with events (release_id, event_id, event_type, operation, version, occurred_at, details,
                    former) as (
         values ${values}
       ),
       queued as (
         insert into webhook_deliveries (endpoint_id, organization_id, event_id, event_type,
           operation, release_address, bl_number, container_number, payload)
         select w.id, w.organization_id, ev.event_id, ev.event_type, ev.operation, r.address,
           r.bl_number, r.container_number,
           jsonb_strip_nulls(jsonb_build_object(
             'id', ev.event_id, 'type', ev.event_type, 'operation', ev.operation,
             'occurredAt', ev.occurred_at,
             'release', jsonb_build_object('address', r.address, 'blNumber', r.bl_number,
               'containerNumber', r.container_number, 'version', ev.version,
               'releaseStatus', r.release_status),
             'details', ev.details))
           from events ev
           join releases r on r.id = ev.release_id
           join webhook_endpoints w on w.event_types @> to_jsonb(ev.event_type)
          where w.organization_id = any(ev.former)
             or exists (
               select 1 from release_parties p
                where p.release_id = ev.release_id and p.organization_id = w.organization_id
                  and p.active)
         on conflict (endpoint_id, event_id) where redelivery_of is null do nothing
         returning id, endpoint_id
       )
       insert into outbox (topic, lane, payload)
       select ?, ?::text || endpoint_id::text, jsonb_build_object('deliveryId', id) from queued`,
      [...bindings, webhookTopic, webhookLanePrefix],
    );
  }
}

/**
 * A new signed checkpoint of the ledger (docs/ledger.md), queued in the transaction that signed
 * it as one `checkpoint` delivery per endpoint that takes the type, whatever its organisation:
 * the checkpoint is the whole portal's. Its event id is the root hash; release fields are empty.
 */
export async function enqueueCheckpointWebhooks(
  trx: Knex.Transaction,
  checkpoint: SignedCheckpoint,
): Promise<void> {
  const body: CheckpointWebhookEventBody = {
    id: checkpoint.rootHash,
    type: 'checkpoint',
    occurredAt: checkpoint.time,
    checkpoint,
  };
  await trx.raw(
    `with queued as (
       insert into webhook_deliveries (endpoint_id, organization_id, event_id, event_type,
         operation, release_address, bl_number, container_number, payload)
       select w.id, w.organization_id, ?, 'checkpoint', 'checkpoint', '', '', '', ?::jsonb
         from webhook_endpoints w
        where w.event_types @> '"checkpoint"'::jsonb
       on conflict (endpoint_id, event_id) where redelivery_of is null do nothing
       returning id, endpoint_id
     )
     insert into outbox (topic, lane, payload)
     select ?, ?::text || endpoint_id::text, jsonb_build_object('deliveryId', id) from queued`,
    [body.id, JSON.stringify(body), webhookTopic, webhookLanePrefix],
  );
}
