import type { WebhookEndpointState } from '../webhooks/endpoint-health.ts';
import type { WebhookEventType } from '../webhooks/events.ts';

/**
 * The webhooks services' contract (issue 14 item 5; server `services/webhooks/`): an
 * organisation admin's endpoints, their delivery log, and redelivery.
 */

/** An endpoint as listed: never its secret, which is shown once (create, rotate). */
export interface WebhookEndpointView {
  id: number;
  organizationId: number;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  active: boolean;
  createdAt: string;
  /** The last four characters of the secret, to tell two apart. */
  secretHint: string;
  /**
   * After a rotation: until when the replaced secret still signs every delivery beside the new
   * one (`webhookSecretOverlapHours`), null when it no longer does.
   */
  previousSecretValidUntil: string | null;
  /** Issue 42 item 6: delivering, paused after failing (`webhookPauseRule`), or switched off. */
  state: WebhookEndpointState;
  /** Since when the portal has paused it (null unless paused). */
  pausedAt: string | null;
  /** The last failed try's error while it fails or is paused (null after a success). */
  lastError: string | null;
  /** Deliveries waiting to be sent (pending), kept `webhookRetentionDays` while it is held. */
  waiting: number;
}

/** The answer to create, and to a patch with `rotateSecret`: the secret, this once. */
export interface WebhookEndpointWithSecret extends WebhookEndpointView {
  secret: string;
}

export interface WebhookEndpointCreate {
  url: string;
  description?: string;
  eventTypes: WebhookEventType[];
  /** Support only: another organisation's endpoint (an admin's is its own). */
  organizationId?: number;
}

export interface WebhookEndpointPatch {
  url?: string;
  description?: string;
  eventTypes?: WebhookEventType[];
  active?: boolean;
  /**
   * A new secret, answered once. The old one signs beside it for `webhookSecretOverlapHours`
   * (a second rotation in that time ends the first overlap: only the latest old secret signs).
   */
  rotateSecret?: boolean;
  /** Stops the replaced secret signing now, once every receiver checks the new one. */
  endSecretOverlap?: boolean;
  /** Issue 42 item 6: ends a pause; what waits is sent again from its first try. */
  resume?: boolean;
}

/** `expired`: dropped unsent, past `webhookRetentionDays` (issue 42 item 6). */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed', 'expired'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** One delivery of one event to one endpoint, with its attempts so far. */
export interface WebhookDeliveryView {
  id: number;
  endpointId: number;
  eventId: string;
  eventType: WebhookEventType;
  operation: string;
  releaseAddress: string;
  blNumber: string;
  containerNumber: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** Set on a redelivery: the delivery it repeats. */
  redeliveryOf: number | null;
}

export interface WebhookDeliveryQuery {
  endpointId?: number;
  status?: WebhookDeliveryStatus;
  $limit?: number;
  $skip?: number;
}

/** `webhook-redeliveries` create: send a delivery's event again, now. */
export interface WebhookRedeliveryCreate {
  deliveryId: number;
}
