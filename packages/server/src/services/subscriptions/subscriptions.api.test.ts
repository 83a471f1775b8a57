import { addDays, todayInBrussels } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test/factories.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { adminCast, apiCaller } from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

describe('subscriptions: support manages plans (access spec §3 "Subscription", §9 plan ids)', () => {
  it('adds, lists, edits and removes a plan with YYYY-MM-DD dates', async () => {
    const { support } = await adminCast(server);
    const org = await createOrganization(server.knex);
    const today = todayInBrussels();
    const added = await api('subscriptions', {
      method: 'POST',
      token: support,
      body: {
        organizationId: org.id,
        subscriptionId: 5,
        startDate: addDays(today, -1),
        remark: 'trial',
      },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      subscriptionId: 5,
      endDate: null,
      remark: 'trial',
      active: true,
    });
    const ended = await api(`subscriptions/${added.body.id}`, {
      method: 'PATCH',
      token: support,
      body: { endDate: addDays(today, -1), remark: null },
    });
    // Ended yesterday: no longer active today (access spec §4 "Subscription access").
    expect(ended.body).toMatchObject({ endDate: addDays(today, -1), remark: null, active: false });
    const list = await api(`subscriptions?organizationId=${org.id}`, { token: support });
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([added.body.id]);
    const removed = await api(`subscriptions/${added.body.id}`, {
      method: 'DELETE',
      token: support,
    });
    expect(removed.status).toBe(200);
    expect(await server.knex('subscriptions').where({ organization_id: org.id })).toEqual([]);
  });

  it('accepts exactly the plan ids 1, 2, 3, 4, 5, 10 and 11', async () => {
    const { support } = await adminCast(server);
    const org = await createOrganization(server.knex);
    const statuses: Record<number, number> = {};
    for (const subscriptionId of [0, 1, 2, 3, 4, 5, 6, 10, 11, 12]) {
      const answer = await api('subscriptions', {
        method: 'POST',
        token: support,
        body: { organizationId: org.id, subscriptionId, startDate: '2025-01-01' },
      });
      statuses[subscriptionId] = answer.status;
    }
    expect(statuses).toEqual({
      0: 400,
      1: 201,
      2: 201,
      3: 201,
      4: 201,
      5: 201,
      6: 400,
      10: 201,
      11: 201,
      12: 400,
    });
  });

  it('refuses impossible dates and an end before the start', async () => {
    const { support } = await adminCast(server);
    const org = await createOrganization(server.knex);
    const base = { organizationId: org.id, subscriptionId: 4 };
    const impossible = await api('subscriptions', {
      method: 'POST',
      token: support,
      body: { ...base, startDate: '2025-02-30' },
    });
    expect(impossible.status).toBe(400);
    expect(impossible.body.data.fields).toHaveProperty('startDate');
    const typed = await api('subscriptions', {
      method: 'POST',
      token: support,
      body: { ...base, startDate: '01/02/2025' },
    });
    expect(typed.status).toBe(400);
    const backwards = await api('subscriptions', {
      method: 'POST',
      token: support,
      body: { ...base, startDate: '2025-03-01', endDate: '2025-02-01' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.data.fields).toEqual({ endDate: 'validation.endBeforeStart' });
  });

  it('refuses organisation admins and plain users with 403 (subscriptions are support-only)', async () => {
    const { a } = await adminCast(server);
    for (const token of a.tokens) {
      expect((await api(`subscriptions?organizationId=${a.id}`, { token })).status).toBe(403);
      const add = await api('subscriptions', {
        method: 'POST',
        token,
        body: { organizationId: a.id, subscriptionId: 4, startDate: '2025-01-01' },
      });
      expect(add.status).toBe(403);
    }
    const own = await server.knex('subscriptions').where({ organization_id: a.id }).first('id');
    const patch = await api(`subscriptions/${own.id}`, {
      method: 'PATCH',
      token: a.tokens[0],
      body: { endDate: null },
    });
    expect(patch.status).toBe(403);
    expect(
      (await api(`subscriptions/${own.id}`, { method: 'DELETE', token: a.tokens[0] })).status,
    ).toBe(403);
  });
});

describe('organization-features: support overrides feature flags (access spec §3 "Feature flags")', () => {
  it('sets and clears overrides; the effective features follow', async () => {
    const { support, a } = await adminCast(server);
    const before = await api(`organization-features/${a.id}`, { token: support });
    expect(before.body).toMatchObject({ organizationId: a.id, overrides: {} });
    expect(before.body.features.canSkipInitialLoad).toBe(false);
    const set = await api(`organization-features/${a.id}`, {
      method: 'PATCH',
      token: support,
      body: { canSkipInitialLoad: true, canDashboard: false },
    });
    expect(set.body.overrides).toEqual({ canSkipInitialLoad: true, canDashboard: false });
    expect(set.body.features).toMatchObject({ canSkipInitialLoad: true, canDashboard: false });
    const cleared = await api(`organization-features/${a.id}`, {
      method: 'PATCH',
      token: support,
      body: { canDashboard: null },
    });
    expect(cleared.body.overrides).toEqual({ canSkipInitialLoad: true });
    expect(cleared.body.features.canDashboard).toBe(true);
  });

  it('refuses unknown flags, and admins with 403', async () => {
    const { support, a } = await adminCast(server);
    const unknown = await api(`organization-features/${a.id}`, {
      method: 'PATCH',
      token: support,
      body: { canFly: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields).toEqual({ canFly: 'validation.additionalProperties' });
    const byAdmin = await api(`organization-features/${a.id}`, {
      method: 'PATCH',
      token: a.tokens[0],
      body: { canDashboard: true },
    });
    expect(byAdmin.status).toBe(403);
    expect((await api(`organization-features/${a.id}`, { token: a.tokens[0] })).status).toBe(403);
  });
});
