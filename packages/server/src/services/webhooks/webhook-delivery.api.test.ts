import { verifyWebhookSignature, webhookEventTypes, type WebhookEventBody } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { actingAs, connect, custodyCaller } from '../../test/custody.ts';
import { releasePayload, releaseTerminal } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { webhookReceiver } from '../../test/webhook-receiver.ts';

type Org = SignedInOrganization;
type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;
let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let calls: ReturnType<typeof custodyCaller>;
let carrier: Org;
let forwarder: Org;
let outsider: Org;
let gate: Org;
const receivers: Record<string, Receiver> = {};
const secrets: Record<string, string> = {};

async function register(name: string, org: Org) {
  receivers[name] = await webhookReceiver({ downFor: 2 });
  const answer = await api('webhook-endpoints', {
    method: 'POST',
    token: org.tokens[0],
    body: { url: receivers[name]!.url, eventTypes: [...webhookEventTypes], description: name },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  secrets[name] = answer.body.secret;
}

/**
 * Runs the app's outbox worker until no webhook is due, moving each retry's back-off to now
 * (the test's clock): the same worker, the same attempts, without waiting 10 and 20 seconds.
 */
async function deliverAll() {
  const outbox = server.portal.app.get('outbox')!;
  for (let pass = 0; pass < 10; pass += 1) {
    const due = server
      .knex('outbox')
      .where({ topic: 'webhook' })
      .whereNull('delivered_at')
      .whereNull('failed_at');
    if (!(await due.clone().first('id'))) return;
    await due.clone().update({ available_at: server.knex.fn.now() });
    await outbox.wake();
  }
  throw new Error('webhooks still due after 10 passes');
}

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  calls = custodyCaller(server);
  [carrier, forwarder, outsider, gate] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server),
    signedInOrganization(server, { role: 'terminal' }),
  ]);
  await connect(server.knex, carrier, forwarder);
  for (const [name, org] of Object.entries({ carrier, forwarder, outsider }))
    await register(name, org);
});
afterAll(async () => {
  await Promise.all(Object.values(receivers).map((r) => r.close()));
  await server?.stop();
});

describe('issue 14 item 5: webhooks through the outbox, signed, retried, each event once', () => {
  it('acceptance: every release event reaches its chain exactly once with a valid signature, also after the receiver was down twice', async () => {
    const terminal = await releaseTerminal(server.knex);
    await server
      .knex('terminals')
      .where({ code: terminal })
      .update({ owner_organization_id: gate.id });
    const created = await api('releases', {
      method: 'POST',
      token: carrier.tokens[1],
      body: await releasePayload(server.knex, { pickupLocation: terminal }),
    });
    expect(created.status).toBe(201);
    const { address, containerNumber } = created.body;
    const act = async (action: 'transfer' | 'block' | 'unblock' | 'revoke', target?: string) => {
      const { applied } = await calls.act(actingAs(carrier), action, [address], target);
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    };
    await act('transfer', forwarder.address);
    await act('block');
    await act('unblock');
    const edit = (vessel: string) =>
      api(`releases/${address}`, { method: 'PATCH', token: carrier.tokens[1], body: { vessel } });
    expect((await edit('MSC Bella')).status).toBe(200);
    await act('revoke');
    expect((await edit('MSC Carla')).status).toBe(200);
    const key = await api('api-keys', {
      method: 'POST',
      token: gate.tokens[0],
      body: { name: 'gate', scopes: ['gate:write'] },
    });
    const gateOut = await api('gate-outs', {
      method: 'POST',
      apiKey: key.body.key,
      body: { terminal, containerNumber },
    });
    expect(gateOut.status, JSON.stringify(gateOut.body)).toBe(201);

    await deliverAll();

    // Retries may reorder arrivals; each event carries the release version it left.
    const operations = (name: string) =>
      receivers[name]!.accepted()
        .sort((x, y) => x.event.release.version - y.event.release.version)
        .map((r) => `${r.event.type}:${r.event.operation}`);
    expect(operations('carrier')).toEqual([
      'received:create',
      'received:transfer',
      'blocked:block',
      'unblocked:unblock',
      'updated:edit',
      'revoked:revoke',
      'updated:edit',
      'gateOut:gateOut',
      'updated:archive',
    ]);
    // The forwarder joined at the transfer and was revoked out: it hears of that revoke, then nothing.
    expect(operations('forwarder')).toEqual([
      'received:transfer',
      'blocked:block',
      'unblocked:unblock',
      'updated:edit',
      'revoked:revoke',
    ]);
    expect(receivers.outsider!.received).toEqual([]);

    for (const name of ['carrier', 'forwarder']) {
      const receiver = receivers[name]!;
      const accepted = receiver.accepted();
      // Exactly once per event; each was tried three times: down, down, delivered.
      expect(new Set(accepted.map((r) => r.event.id)).size).toBe(accepted.length);
      expect(receiver.received.length).toBe(accepted.length * 3);
      for (const { headers, body, event } of accepted) {
        expect(
          verifyWebhookSignature(headers['x-scr-signature'] as string, body, secrets[name]!),
        ).toBe(true);
        expect(
          verifyWebhookSignature(headers['x-scr-signature'] as string, body, secrets.outsider!),
        ).toBe(false);
        expect(headers['x-scr-event-id']).toBe(event.id);
        expect(headers['x-scr-event-type']).toBe(event.type);
        expect(event as WebhookEventBody).toMatchObject({
          release: { address, containerNumber, blNumber: created.body.blNumber },
        });
        expect(event.release.version).toEqual(expect.any(Number));
        expect(event.release.releaseStatus).toEqual(expect.any(String));
      }
    }
    // The event id is the ledger event's hash, so a receiver can check it against the audit trail.
    const hashes = await server
      .knex('release_events')
      .where({ release_address: address })
      .pluck('hash');
    expect(new Set(receivers.carrier!.accepted().map((r) => r.event.id))).toEqual(new Set(hashes));

    const log = await api('webhook-deliveries?$limit=100', { token: forwarder.tokens[0] });
    expect(log.body.total).toBe(5);
    for (const delivery of log.body.data) {
      expect(delivery).toMatchObject({
        status: 'delivered',
        attempts: 3,
        lastStatusCode: 204,
        lastError: null,
      });
    }
    const attempts = await server
      .knex('webhook_attempts')
      .where({ delivery_id: log.body.data[0].id })
      .orderBy('id');
    expect(attempts.map((a) => a.status_code)).toEqual([null, null, 204]);

    // Nothing is sent twice: another pass of the worker delivers nothing.
    const before = receivers.carrier!.received.length;
    await server.portal.app.get('outbox')!.wake();
    expect(receivers.carrier!.received.length).toBe(before);
  });

  it('redelivers one delivery on request, with the same event id, for its own organisation only', async () => {
    const log = await api('webhook-deliveries?status=delivered', { token: forwarder.tokens[0] });
    const original = log.body.data[0];
    expect(
      (
        await api('webhook-redeliveries', {
          method: 'POST',
          token: outsider.tokens[0],
          body: { deliveryId: original.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api('webhook-redeliveries', {
          method: 'POST',
          token: forwarder.tokens[1],
          body: { deliveryId: original.id },
        })
      ).status,
    ).toBe(403);
    const again = await api('webhook-redeliveries', {
      method: 'POST',
      token: forwarder.tokens[0],
      body: { deliveryId: original.id },
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      eventId: original.eventId,
      redeliveryOf: original.id,
      status: 'pending',
    });
    const count = receivers.forwarder!.received.length;
    await deliverAll();
    const sent = receivers.forwarder!.received.slice(count);
    // The receiver is down twice for a new event id only: this one it has seen, so it takes it at once.
    expect(
      sent.map((r) => [r.headers['x-scr-event-id'], r.headers['x-scr-delivery-id'], r.accepted]),
    ).toEqual([[original.eventId, String(again.body.id), true]]);
  });

  it('rotates a secret without a failed delivery: the old one signs beside the new for a day, until the admin ends it', async () => {
    const [endpoint] = (await api('webhook-endpoints', { token: forwarder.tokens[0] })).body.data;
    const old = secrets.forwarder!;
    const rotated = await api(`webhook-endpoints/${endpoint.id}`, {
      method: 'PATCH',
      token: forwarder.tokens[0],
      body: { rotateSecret: true },
    });
    expect(rotated.status).toBe(200);
    const hours = (Date.parse(rotated.body.previousSecretValidUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const redeliver = async () => {
      const [delivery] = (
        await api('webhook-deliveries?status=delivered', { token: forwarder.tokens[0] })
      ).body.data;
      const count = receivers.forwarder!.received.length;
      const again = await api('webhook-redeliveries', {
        method: 'POST',
        token: forwarder.tokens[0],
        body: { deliveryId: delivery.id },
      });
      expect(again.status).toBe(201);
      await deliverAll();
      const [sent] = receivers.forwarder!.received.slice(count);
      return { header: sent!.headers['x-scr-signature'] as string, body: sent!.body };
    };
    const during = await redeliver();
    expect(verifyWebhookSignature(during.header, during.body, rotated.body.secret)).toBe(true);
    expect(verifyWebhookSignature(during.header, during.body, old)).toBe(true);

    const ended = await api(`webhook-endpoints/${endpoint.id}`, {
      method: 'PATCH',
      token: forwarder.tokens[0],
      body: { endSecretOverlap: true },
    });
    expect(ended.body).toMatchObject({ previousSecretValidUntil: null });
    expect(ended.body).not.toHaveProperty('secret');
    const after = await redeliver();
    expect(verifyWebhookSignature(after.header, after.body, rotated.body.secret)).toBe(true);
    expect(verifyWebhookSignature(after.header, after.body, old)).toBe(false);
    secrets.forwarder = rotated.body.secret;
  });

  it('an overlap past its time signs nothing', async () => {
    const [endpoint] = (await api('webhook-endpoints', { token: carrier.tokens[0] })).body.data;
    const old = secrets.carrier!;
    await api(`webhook-endpoints/${endpoint.id}`, {
      method: 'PATCH',
      token: carrier.tokens[0],
      body: { rotateSecret: true },
    });
    await server
      .knex('webhook_endpoints')
      .where({ id: endpoint.id })
      .update({ previous_secret_until: server.knex.raw("now() - interval '1 second'") });
    const listed = (await api('webhook-endpoints', { token: carrier.tokens[0] })).body.data[0];
    expect(listed.previousSecretValidUntil).toBeNull();
    const [delivery] = (
      await api('webhook-deliveries?status=delivered', { token: carrier.tokens[0] })
    ).body.data;
    const count = receivers.carrier!.received.length;
    await api('webhook-redeliveries', {
      method: 'POST',
      token: carrier.tokens[0],
      body: { deliveryId: delivery.id },
    });
    await deliverAll();
    const [sent] = receivers.carrier!.received.slice(count);
    expect(sent!.headers['x-scr-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(
      verifyWebhookSignature(sent!.headers['x-scr-signature'] as string, sent!.body, old),
    ).toBe(false);
  });
});
