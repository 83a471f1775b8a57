import { describe, expect, it } from 'vitest';
import {
  isWebhookDeliveryExpired,
  shouldPauseWebhookEndpoint,
  webhookEndpointState,
  webhookPauseRule,
  webhookRetentionDays,
} from './endpoint-health.ts';

const now = new Date('2026-11-24T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('issue 42 item 6: an endpoint that keeps failing is paused', () => {
  it('pauses after 5 failures in a row over at least 10 minutes, not before', () => {
    expect(webhookPauseRule).toEqual({ failures: 5, minutes: 10 });
    expect(shouldPauseWebhookEndpoint(5, minutesAgo(10), now)).toBe(true);
    expect(shouldPauseWebhookEndpoint(40, minutesAgo(9.9), now)).toBe(false);
    expect(shouldPauseWebhookEndpoint(4, minutesAgo(120), now)).toBe(false);
    expect(shouldPauseWebhookEndpoint(5, null, now)).toBe(false);
  });

  it('shows switched off before paused: resuming alone would not send', () => {
    expect(webhookEndpointState({ active: true, pausedAt: null })).toBe('active');
    expect(webhookEndpointState({ active: true, pausedAt: now })).toBe('paused');
    expect(webhookEndpointState({ active: false, pausedAt: now })).toBe('inactive');
    expect(webhookEndpointState({ active: false, pausedAt: null })).toBe('inactive');
  });

  it('keeps an event 7 days from when it was queued, then drops it', () => {
    expect(webhookRetentionDays).toBe(7);
    expect(isWebhookDeliveryExpired(minutesAgo(7 * 24 * 60 - 1), now)).toBe(false);
    expect(isWebhookDeliveryExpired(minutesAgo(7 * 24 * 60 + 1), now)).toBe(true);
  });
});
