import { computeHmac, toUtf8Bytes } from 'ethers';

/** The request headers of a webhook delivery. */
export const webhookHeaders = {
  signature: 'x-scr-signature',
  eventId: 'x-scr-event-id',
  eventType: 'x-scr-event-type',
  deliveryId: 'x-scr-delivery-id',
} as const;

/** How old a signed timestamp may be when checked (and how far ahead): 5 minutes. */
export const webhookToleranceSeconds = 300;

/** HMAC-SHA256 of `{timestamp}.{body}` under the endpoint's secret, in hex. */
function mac(secret: string, timestamp: number, body: string): string {
  return computeHmac('sha256', toUtf8Bytes(secret), toUtf8Bytes(`${timestamp}.${body}`)).slice(2);
}

/**
 * How long a rotated secret keeps signing beside its successor: a receiver has this long to
 * switch to the new secret without a delivery it cannot check.
 */
export const webhookSecretOverlapHours = 24;

/**
 * The signature header of one delivery: `t={unix seconds},v1={hex HMAC-SHA256 of
 * "{t}.{body}"}`. Binding the time into the MAC lets a receiver refuse a replayed request.
 * With several secrets (the current one first, then the one a rotation replaced while it is
 * still valid), one `v1` per secret: a receiver checking either finds its own.
 */
export function webhookSignature(
  secrets: string | readonly string[],
  timestamp: number,
  body: string,
): string {
  const macs = (typeof secrets === 'string' ? [secrets] : secrets).map(
    (secret) => `v1=${mac(secret, timestamp, body)}`,
  );
  return `t=${timestamp},${macs.join(',')}`;
}

/**
 * What a receiver checks (and our tests do): the header parses, its time is within the
 * tolerance of `now`, and one of its `v1` MACs is the body's under the secret (compared in
 * constant time). Several `v1` are accepted so a receiver can check during a secret rotation.
 */
export function verifyWebhookSignature(
  header: string | null | undefined,
  body: string,
  secret: string,
  now: Date = new Date(),
  toleranceSeconds = webhookToleranceSeconds,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isSafeInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = mac(secret, timestamp, body);
  return parts.some(([key, value]) => key === 'v1' && sameText(value ?? '', expected));
}

/** Constant-time comparison of two strings of the same length. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
