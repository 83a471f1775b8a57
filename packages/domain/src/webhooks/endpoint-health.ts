/**
 * Issue 42 item 6: an endpoint that keeps failing is paused, and events wait for an endpoint
 * that is paused or switched off for a stated time. The server's delivery bookkeeping
 * (`webhooks/endpoint-health.ts`) and the administration's words both read these.
 */

/**
 * An endpoint is paused after this many failed tries in a row (no 2xx in between) that span at
 * least this many minutes: a burst of failures during a deploy of the receiver pauses nothing,
 * an endpoint down for ten minutes is paused before any one event's tries run out (the back-off
 * reaches its tenth try after 42 minutes at the soonest).
 */
export const webhookPauseRule = { failures: 5, minutes: 10 } as const;

/**
 * How long an event waits for an endpoint that is paused or switched off (counted from when it
 * was queued): past it the delivery is dropped, and the log says so.
 */
export const webhookRetentionDays = 7;

/** Where an endpoint stands: delivering, paused by the portal, or switched off by its admin. */
export type WebhookEndpointState = 'active' | 'paused' | 'inactive';

/** The state an endpoint shows: switched off wins over paused (resuming alone would not send). */
export function webhookEndpointState(endpoint: {
  active: boolean;
  pausedAt: string | Date | null;
}): WebhookEndpointState {
  if (!endpoint.active) return 'inactive';
  return endpoint.pausedAt ? 'paused' : 'active';
}

/**
 * Whether a run of failures pauses the endpoint (`webhookPauseRule`): `failures` tries in a row
 * have failed, the first of them at `failingSince`.
 */
export function shouldPauseWebhookEndpoint(
  failures: number,
  failingSince: string | Date | null,
  now: Date,
): boolean {
  if (failures < webhookPauseRule.failures || failingSince === null) return false;
  const since = new Date(failingSince).getTime();
  return now.getTime() - since >= webhookPauseRule.minutes * 60_000;
}

/** Whether a delivery queued at `queuedAt` is past the retention and must be dropped unsent. */
export function isWebhookDeliveryExpired(queuedAt: string | Date, now: Date): boolean {
  return now.getTime() - new Date(queuedAt).getTime() > webhookRetentionDays * 86_400_000;
}
