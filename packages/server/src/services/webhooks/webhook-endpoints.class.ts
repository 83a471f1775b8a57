import { randomBytes } from 'node:crypto';
import type { Id, Params } from '@feathersjs/feathers';
import {
  isWebhookEventType,
  maxWebhookEndpoints,
  webhookSecretOverlapHours,
  webhookEndpointState,
  webhookUrlProblem,
  type WebhookEndpointCreate,
  type WebhookEndpointPatch,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '@scr/domain';
import type { Knex } from 'knex';
import { actorOf, authorize, listScope } from '../../auth/admin-policy.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { pageOf, type Page } from '../../kit/paging.ts';
import { outboxTable } from '../../outbox/lane-policy.ts';
import { releaseEndpoint } from '../../webhooks/endpoint-health.ts';
import { webhookLane } from '../../webhooks/enqueue-webhook-events.ts';
import type { WebhookEndpointQuery } from './webhooks.schema.ts';

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** Every column, and how many deliveries wait (issue 42 item 6). */
const withWaiting = (db: Knex | Knex.Transaction) =>
  db.raw(`webhook_endpoints.*, (select count(*) from webhook_deliveries d
    where d.endpoint_id = webhook_endpoints.id and d.status = 'pending') as waiting,
    webhook_endpoints.previous_secret_until > now() as previous_secret_still_valid`);

function present(row: DbRow): WebhookEndpointView {
  return {
    id: Number(row.id),
    organizationId: row.organization_id,
    url: row.url,
    description: row.description,
    eventTypes: (row.event_types as unknown[]).filter(isWebhookEventType),
    active: row.active,
    createdAt: new Date(row.created_at).toISOString(),
    secretHint: String(row.secret).slice(-4),
    previousSecretValidUntil:
      row.previous_secret && row.previous_secret_until && row.previous_secret_still_valid
        ? iso(row.previous_secret_until)
        : null,
    state: webhookEndpointState({ active: row.active, pausedAt: row.paused_at }),
    pausedAt: iso(row.paused_at),
    lastError: row.last_error ?? null,
    waiting: Number(row.waiting ?? 0),
  };
}

/**
 * `webhook-endpoints` (issue 14 item 5): an organisation admin (support: any organisation)
 * registers HTTPS endpoints for release event types. The signing secret is answered once, at
 * creation and when rotated; lists never show it. Another organisation's endpoint is not found.
 * Issue 42 item 6: each shows its state (active, paused after failing, switched off), since
 * when it is paused, the last error and what waits; `resume` (or switching it on again) sends
 * what waits from its first try.
 */
export class WebhookEndpointsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<WebhookEndpointView>> {
    const query = (params.query ?? {}) as WebhookEndpointQuery;
    const scope = listScope(params, 'webhook.manage');
    const rows = this.app.get('knex')('webhook_endpoints');
    if (scope !== 'all') rows.where('organization_id', scope);
    if (query.organizationId !== undefined) {
      authorize(params, 'webhook.manage', { organizationIds: [query.organizationId] });
      rows.where('organization_id', query.organizationId);
    }
    return pageOf(rows, {
      paging: query,
      select: (q) => q.select(withWaiting(this.app.get('knex'))).orderBy('id'),
      present,
    });
  }

  async get(id: Id, params: Params = {}): Promise<WebhookEndpointView> {
    return present(await this.own(this.app.get('knex'), id, params));
  }

  async create(
    data: WebhookEndpointCreate,
    params: Params = {},
  ): Promise<WebhookEndpointWithSecret> {
    const actor = actorOf(params);
    const organizationId =
      data.organizationId ?? ('organizationId' in actor ? actor.organizationId : undefined);
    if (organizationId === undefined) {
      throw appError('validation_failed', { fields: { organizationId: 'validation.required' } });
    }
    authorize(params, 'webhook.manage', { organizationIds: [organizationId], visible: true });
    const url = this.checkedUrl(data.url);
    return inTransaction(this.app.get('knex'), async (trx) => {
      const organization = await trx('organizations')
        .where({ id: organizationId })
        .forUpdate()
        .first('id');
      if (!organization) throw appError('not_found');
      const [counted] = await trx('webhook_endpoints')
        .where({ organization_id: organizationId })
        .count({ count: '*' });
      if (Number(counted?.count ?? 0) >= maxWebhookEndpoints) {
        throw appError('validation_failed', {
          message: `At most ${maxWebhookEndpoints} endpoints per organisation.`,
          fields: { url: 'webhooks.validation.tooMany' },
        });
      }
      const [row] = await trx('webhook_endpoints')
        .insert({
          organization_id: organizationId,
          url,
          description: data.description?.trim() ?? '',
          event_types: JSON.stringify(data.eventTypes),
          secret: newSecret(),
          created_by_user_id: 'userId' in actor ? actor.userId : null,
        })
        .returning('*');
      return { ...present(row), secret: row.secret };
    });
  }

  async patch(
    id: Id,
    data: WebhookEndpointPatch,
    params: Params = {},
  ): Promise<WebhookEndpointView | WebhookEndpointWithSecret> {
    const answer = await inTransaction(this.app.get('knex'), async (trx) => {
      const current = await this.own(trx, id, params, true);
      const change: Record<string, unknown> = { updated_at: trx.fn.now() };
      if (data.url !== undefined) change.url = this.checkedUrl(data.url);
      if (data.description !== undefined) change.description = data.description.trim();
      if (data.eventTypes !== undefined) change.event_types = JSON.stringify(data.eventTypes);
      if (data.active !== undefined) change.active = data.active;
      if (data.rotateSecret) {
        change.secret = newSecret();
        change.previous_secret = current.secret;
        change.previous_secret_until = trx.raw(`now() + make_interval(hours => ?)`, [
          webhookSecretOverlapHours,
        ]);
      } else if (data.endSecretOverlap) {
        change.previous_secret = null;
        change.previous_secret_until = null;
      }
      const [row] = await trx('webhook_endpoints')
        .where({ id: current.id })
        .update(change)
        .returning('*');
      const switchedOn = data.active === true && !current.active;
      const resumed = data.resume === true && current.paused_at !== null;
      if (row.active && (switchedOn || resumed)) await releaseEndpoint(trx, row.id);
      const shown = present(await this.own(trx, row.id, params));
      return data.rotateSecret ? { ...shown, secret: row.secret } : shown;
    });
    void this.app.get('outbox')?.wake();
    return answer;
  }

  /** Removes the endpoint with its delivery log; queued deliveries are dropped. */
  async remove(id: Id, params: Params = {}): Promise<WebhookEndpointView> {
    return inTransaction(this.app.get('knex'), async (trx) => {
      const current = await this.own(trx, id, params, true);
      await trx('webhook_endpoints').where({ id: current.id }).delete();
      // Its waiting rows (parked while it was held) are given up with it.
      await trx(outboxTable)
        .where({ lane: webhookLane(current.id) })
        .whereNull('delivered_at')
        .whereNull('failed_at')
        .update({ failed_at: trx.fn.now(), last_error: 'the endpoint was removed' });
      return present(current);
    });
  }

  /** The URL, trimmed, or 400 with its reason (domain `webhookUrlProblem`). */
  private checkedUrl(url: string): string {
    const trimmed = url.trim();
    const problem = webhookUrlProblem(trimmed, {
      production: this.app.get('config')?.production ?? true,
    });
    if (problem) {
      throw appError('validation_failed', { fields: { url: `webhooks.validation.${problem}` } });
    }
    return trimmed;
  }

  /** The endpoint if the caller may manage it; 404 for one it may not see. */
  private async own(db: Knex | Knex.Transaction, id: Id, params: Params, lock = false) {
    const endpointId = Number(id);
    const query = db('webhook_endpoints').where({
      id: Number.isSafeInteger(endpointId) ? endpointId : 0,
    });
    if (lock) query.forUpdate();
    const row = await query.first(withWaiting(db));
    authorize(params, 'webhook.manage', { organizationIds: [row?.organization_id ?? null] });
    if (!row) throw appError('not_found');
    return row as DbRow;
  }
}
