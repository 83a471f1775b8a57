import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCast, apiCaller } from '../../test/admin-kit.ts';
import { createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let cast: Awaited<ReturnType<typeof adminCast>>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  cast = await adminCast(server);
});
afterAll(() => server?.stop());

const endpoint = (token: string, body: Record<string, unknown>) =>
  api('webhook-endpoints', { method: 'POST', token, body });
const hook = { url: 'https://hooks.example.com/scr', eventTypes: ['received', 'revoked'] };

describe('issue 14 item 5: an organisation admin registers webhook endpoints', () => {
  it('answers the secret once, then only its last four characters', async () => {
    const created = await endpoint(cast.a.tokens[0]!, { ...hook, description: 'TMS' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      organizationId: cast.a.id,
      url: hook.url,
      description: 'TMS',
      active: true,
      eventTypes: ['received', 'revoked'],
    });
    expect(created.body.secret).toMatch(/^whsec_[\w-]{32}$/);
    expect(created.body.secretHint).toBe(created.body.secret.slice(-4));
    const listed = await api('webhook-endpoints', { token: cast.a.tokens[0] });
    expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual([created.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    const rotated = await api(`webhook-endpoints/${created.body.id}`, {
      method: 'PATCH',
      token: cast.a.tokens[0],
      body: { rotateSecret: true },
    });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const renamed = await api(`webhook-endpoints/${created.body.id}`, {
      method: 'PATCH',
      token: cast.a.tokens[0],
      body: { description: 'ERP' },
    });
    expect(renamed.body).not.toHaveProperty('secret');
  });

  it.each([
    ['ftp://hooks.example.com/x', 'webhooks.validation.notHttps'],
    ['http://hooks.example.com/x', 'webhooks.validation.notHttps'],
    ['https://user:pw@hooks.example.com/x', 'webhooks.validation.credentials'],
    ['hooks.example.com', 'webhooks.validation.invalid'],
  ])('refuses %s with %s and keeps nothing', async (url, key) => {
    const refused = await endpoint(cast.a.tokens[0]!, { ...hook, url });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual({ url: key });
  });

  it('refuses unknown event types and an empty list', async () => {
    expect((await endpoint(cast.a.tokens[0]!, { ...hook, eventTypes: ['pincode'] })).status).toBe(
      400,
    );
    expect((await endpoint(cast.a.tokens[0]!, { ...hook, eventTypes: [] })).status).toBe(400);
  });

  it("keeps organisations apart: another's endpoint and deliveries are not found; members may not manage", async () => {
    const own = await endpoint(cast.b.tokens[0]!, hook);
    expect(
      (await api(`webhook-endpoints/${own.body.id}`, { token: cast.a.tokens[0] })).status,
    ).toBe(404);
    expect(
      (
        await api(`webhook-endpoints/${own.body.id}`, {
          method: 'PATCH',
          token: cast.a.tokens[0],
          body: { active: false },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api(`webhook-endpoints/${own.body.id}`, { method: 'DELETE', token: cast.a.tokens[0] }))
        .status,
    ).toBe(404);
    expect((await endpoint(cast.a.tokens[0]!, { ...hook, organizationId: cast.b.id })).status).toBe(
      403,
    );
    expect((await api('webhook-endpoints', { token: cast.b.tokens[1] })).status).toBe(403);
    expect((await endpoint(cast.b.tokens[1]!, hook)).status).toBe(403);
    const listed = await api('webhook-endpoints', { token: cast.a.tokens[0] });
    expect(
      listed.body.data.every((row: { organizationId: number }) => row.organizationId === cast.a.id),
    ).toBe(true);
    // Support acts for any organisation.
    const support = await api(`webhook-endpoints?organizationId=${cast.b.id}`, {
      token: cast.support,
    });
    expect(support.body.data.map((row: { id: number }) => row.id)).toContain(own.body.id);
  });

  it('keeps the events of a switched-off endpoint waiting until it is on again (issue 42 item 6), and removing one drops its log and what waits', async () => {
    const carrier = await adminCast(server).then((c) => c.a);
    await server.knex('organizations').where({ id: carrier.id }).update({ role: 'carrier' });
    const made = await endpoint(carrier.tokens[0]!, {
      url: 'https://hooks.example.com/off',
      eventTypes: ['received'],
    });
    const patch = (body: Record<string, unknown>) =>
      api(`webhook-endpoints/${made.body.id}`, { method: 'PATCH', token: carrier.tokens[0], body });
    expect((await patch({ active: false })).body).toMatchObject({
      active: false,
      state: 'inactive',
    });
    const release = await createRelease(server, carrier, {
      pickupLocation: await releaseTerminal(server.knex),
    });
    expect(
      await server.knex('webhook_deliveries').where({ endpoint_id: made.body.id }),
    ).toMatchObject([
      {
        release_address: release.address,
        event_type: 'received',
        operation: 'create',
        status: 'pending',
      },
    ]);
    const outboxRow = () =>
      server
        .knex('outbox')
        .where({ lane: `webhook:${made.body.id}` })
        .first('attempts', 'failed_at', server.knex.raw(`available_at = 'infinity' as parked`));
    // The worker's poll parks what waits for a held lane, and tries none of it.
    await server.portal.app.get('outbox')!.wake();
    expect(await outboxRow()).toMatchObject({ attempts: 0, parked: true, failed_at: null });
    const listed = await api(`webhook-endpoints/${made.body.id}`, { token: carrier.tokens[0] });
    expect(listed.body).toMatchObject({ state: 'inactive', waiting: 1, pausedAt: null });

    expect((await patch({ active: true })).body).toMatchObject({ state: 'active', waiting: 1 });
    expect(await outboxRow()).toMatchObject({ parked: false });

    expect(
      (
        await api(`webhook-endpoints/${made.body.id}`, {
          method: 'DELETE',
          token: carrier.tokens[0],
        })
      ).status,
    ).toBe(200);
    expect(await server.knex('webhook_deliveries').where({ endpoint_id: made.body.id })).toEqual(
      [],
    );
    const waiting = await server
      .knex('outbox')
      .where({ lane: `webhook:${made.body.id}` })
      .whereNull('delivered_at')
      .whereNull('failed_at');
    expect(waiting).toEqual([]);
  });
});
