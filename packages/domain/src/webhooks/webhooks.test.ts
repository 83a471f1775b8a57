import { describe, expect, it } from 'vitest';
import { statementActions } from '../ledger/statements.ts';
import { isPublicAddress, webhookUrlProblem } from './endpoint-url.ts';
import { releaseWebhookEventTypes, webhookEventTypeOf, webhookEventTypes } from './events.ts';
import { verifyWebhookSignature, webhookSignature } from './signature.ts';

describe('issue 14 item 5: which release events a webhook gets', () => {
  it('gives every ledger operation a place, each type saying what happened', () => {
    const types = statementActions.map(webhookEventTypeOf);
    expect(new Set(types.filter(Boolean))).toEqual(new Set(releaseWebhookEventTypes));
    // The one type no release operation makes: each new signed checkpoint of the ledger.
    expect(webhookEventTypes).toEqual([...releaseWebhookEventTypes, 'checkpoint']);
    expect(webhookEventTypeOf('transfer')).toBe('received');
    expect(webhookEventTypeOf('create')).toBe('received');
    expect(webhookEventTypeOf('revoke')).toBe('revoked');
    expect(webhookEventTypeOf('block')).toBe('blocked');
    expect(webhookEventTypeOf('unblock')).toBe('unblocked');
    expect(webhookEventTypeOf('assign')).toBe('assigned');
    expect(webhookEventTypeOf('unassign')).toBe('unassigned');
    expect(webhookEventTypeOf('delete')).toBe('deleted');
    expect(webhookEventTypeOf('gateOut')).toBe('gateOut');
    expect(webhookEventTypeOf('portStatus')).toBe('greenLight');
    expect(webhookEventTypeOf('edit')).toBe('updated');
  });

  it('delivers nothing for a gate check (it changes nothing) or an unknown operation', () => {
    expect(webhookEventTypeOf('terminalCheck')).toBeNull();
    expect(webhookEventTypeOf('toString')).toBeNull();
  });
});

describe('issue 14 item 5: the HMAC-SHA256 signature header, with a timestamp against replay', () => {
  const body = '{"id":"0xabc","type":"received"}';
  const now = new Date('2026-11-21T10:00:00Z');
  const t = Math.floor(now.getTime() / 1000);

  it('during a rotation signs under the new secret and the old, and either checks', () => {
    const header = webhookSignature(['whsec_new', 'whsec_old'], t, body);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(header.startsWith(webhookSignature('whsec_new', t, body))).toBe(true);
    expect(verifyWebhookSignature(header, body, 'whsec_new', now)).toBe(true);
    expect(verifyWebhookSignature(header, body, 'whsec_old', now)).toBe(true);
    expect(verifyWebhookSignature(header, body, 'whsec_other', now)).toBe(false);
  });

  it('signs t.body with the secret (a known HMAC-SHA256 vector)', () => {
    // echo -n '1700000000.{}' | openssl dgst -sha256 -hmac whsec_test
    expect(webhookSignature('whsec_test', 1700000000, '{}')).toBe(
      't=1700000000,v1=35495024f4ef3f94e5a93e22221544c4b75e9a42300cd965ab81cb85cd994e91',
    );
  });

  it('verifies its own signature and refuses another secret, another body or a stale time', () => {
    const header = webhookSignature('whsec_1', t, body);
    expect(verifyWebhookSignature(header, body, 'whsec_1', now)).toBe(true);
    expect(verifyWebhookSignature(header, body, 'whsec_2', now)).toBe(false);
    expect(
      verifyWebhookSignature(header, body.replace('received', 'revoked'), 'whsec_1', now),
    ).toBe(false);
    expect(verifyWebhookSignature(header, body, 'whsec_1', new Date(now.getTime() + 301_000))).toBe(
      false,
    );
    expect(verifyWebhookSignature(`t=${t + 1},${header.split(',')[1]}`, body, 'whsec_1', now)).toBe(
      false,
    );
    expect(verifyWebhookSignature(undefined, body, 'whsec_1', now)).toBe(false);
    expect(verifyWebhookSignature('v1=abc', body, 'whsec_1', now)).toBe(false);
  });
});

describe('issue 14 item 5: where webhooks may go (HTTPS; no private networks in production)', () => {
  it.each([
    ['https://hooks.example.com/scr', false, null],
    ['https://hooks.example.com/scr', true, null],
    ['http://hooks.example.com/scr', false, 'notHttps'],
    ['http://127.0.0.1:4000/hook', false, null],
    ['http://localhost:4000/hook', false, null],
    ['http://127.0.0.1:4000/hook', true, 'notHttps'],
    ['ftp://example.com/x', false, 'notHttps'],
    ['https://user:pw@example.com/', true, 'credentials'],
    ['not a url', true, 'invalid'],
    ['https://10.1.2.3/hook', true, 'privateNetwork'],
    ['https://192.168.0.10/hook', true, 'privateNetwork'],
    ['https://169.254.169.254/latest/meta-data', true, 'privateNetwork'],
    ['https://[::1]/hook', true, 'privateNetwork'],
    ['https://[fd00::1]/hook', true, 'privateNetwork'],
    ['https://[::ffff:10.0.0.1]/hook', true, 'privateNetwork'],
    ['https://localhost/hook', true, 'privateNetwork'],
    ['https://printer.local/hook', true, 'privateNetwork'],
    ['https://8.8.8.8/hook', true, null],
    [`https://example.com/${'a'.repeat(2000)}`, true, 'tooLong'],
  ])('%s in production %s: %s', (url, production, problem) => {
    expect(webhookUrlProblem(url, { production })).toBe(problem);
  });

  it.each([
    ['8.8.8.8', true],
    ['2a00:1450:4001:80b::200e', true],
    ['127.0.0.1', false],
    ['0.0.0.0', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['172.32.0.1', true],
    ['100.64.0.1', false],
    ['192.0.2.1', false],
    ['224.0.0.1', false],
    ['::', false],
    ['::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a00:1', false],
    ['ff02::1', false],
    ['bogus', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
