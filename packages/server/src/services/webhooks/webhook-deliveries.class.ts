import type { Id, Params } from '@feathersjs/feathers';
import {
  isWebhookEventType,
  type WebhookDeliveryQuery,
  type WebhookDeliveryView,
  type WebhookRedeliveryCreate,
} from '@scr/domain';
import type { Knex } from 'knex';
import { authorize, listScope } from '../../auth/admin-policy.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { pageOf, type Page } from '../../kit/paging.ts';
import { enqueue } from '../../mail/outbox.ts';
import { webhookLane, webhookTopic } from '../../webhooks/enqueue-webhook-events.ts';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

function present(row: DbRow): WebhookDeliveryView {
  return {
    id: Number(row.id),
    endpointId: Number(row.endpoint_id),
    eventId: row.event_id,
    eventType: isWebhookEventType(row.event_type) ? row.event_type : 'updated',
    operation: row.operation,
    releaseAddress: row.release_address,
    blNumber: row.bl_number,
    containerNumber: row.container_number,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastAttemptAt: iso(row.last_attempt_at),
    deliveredAt: iso(row.delivered_at),
    createdAt: iso(row.created_at)!,
    redeliveryOf: row.redelivery_of === null ? null : Number(row.redelivery_of),
  };
}

const columns = ['d.*'];

/** The caller's delivery, or 404 (another organisation's is not found). */
async function ownDelivery(db: Knex | Knex.Transaction, id: Id, params: Params) {
  const deliveryId = Number(id);
  const row = await db('webhook_deliveries as d')
    .where('d.id', Number.isSafeInteger(deliveryId) ? deliveryId : 0)
    .first(columns);
  authorize(params, 'webhook.manage', { organizationIds: [row?.organization_id ?? null] });
  if (!row) throw appError('not_found');
  return row as DbRow;
}

/**
 * `webhook-deliveries` (issue 14 item 5): the delivery log of an organisation's endpoints,
 * newest first, each with its status, attempts, last HTTP status and error.
 */
export class WebhookDeliveriesService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<WebhookDeliveryView>> {
    const query = (params.query ?? {}) as WebhookDeliveryQuery;
    const scope = listScope(params, 'webhook.manage');
    const rows = this.app.get('knex')('webhook_deliveries as d');
    if (scope !== 'all') rows.where('d.organization_id', scope);
    if (query.endpointId !== undefined) rows.where('d.endpoint_id', query.endpointId);
    if (query.status !== undefined) rows.where('d.status', query.status);
    return pageOf(rows, {
      paging: query,
      select: (q) => q.select(columns).orderBy('d.id', 'desc'),
      present,
    });
  }

  async get(id: Id, params: Params = {}): Promise<WebhookDeliveryView> {
    return present(await ownDelivery(this.app.get('knex'), id, params));
  }
}

/**
 * `webhook-redeliveries` create (issue 14 item 5): sends a delivery's event again, as a new
 * delivery of the same event id (receivers drop what they already have), queued at once.
 */
export class WebhookRedeliveriesService {
  constructor(private readonly app: Application) {}

  async create(data: WebhookRedeliveryCreate, params: Params = {}): Promise<WebhookDeliveryView> {
    const created = await inTransaction(this.app.get('knex'), async (trx) => {
      const original = await ownDelivery(trx, data.deliveryId, params);
      const [row] = await trx('webhook_deliveries')
        .insert({
          endpoint_id: original.endpoint_id,
          organization_id: original.organization_id,
          event_id: original.event_id,
          event_type: original.event_type,
          operation: original.operation,
          release_address: original.release_address,
          bl_number: original.bl_number,
          container_number: original.container_number,
          payload: JSON.stringify(original.payload),
          redelivery_of: original.id,
        })
        .returning('*');
      await enqueue(
        trx,
        webhookTopic,
        { deliveryId: Number(row.id) },
        { lane: webhookLane(row.endpoint_id) },
      );
      return row as DbRow;
    });
    void this.app.get('outbox')?.wake();
    return present(created);
  }
}
