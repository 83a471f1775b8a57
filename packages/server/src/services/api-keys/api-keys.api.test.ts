import type { Params } from '@feathersjs/feathers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { useTestService } from '../../test/test-service.ts';
import { apiCaller, signedInOrganization } from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  // A service of the kind later work adds: people and machines, machines need a scope.
  const probe = useTestService(server.portal.app, 'api-key-probe', {
    async find(params: Params) {
      return { apiKey: params.apiKey ?? null, userId: params.user?.id ?? null };
    },
  });
  probe.hooks({ around: { all: [requireSessionOrApiKey, requireScope('releases:read')] } });
});
afterAll(() => server?.stop());

async function createKey(token: string, body: Record<string, unknown>) {
  const answer = await api('api-keys', { method: 'POST', token, body });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; key: string; prefix: string; scopes: string[] };
}

describe('api-keys (DESIGN §3: machines use API keys, scoped, stored hashed, revocable)', () => {
  it('shows a new key once; a call with it authenticates as the machine of that organisation', async () => {
    const org = await signedInOrganization(server);
    const created = await createKey(org.tokens[0]!, {
      name: 'TOS gateway',
      scopes: ['releases:read', 'gate:write'],
    });
    expect(created.key).toMatch(new RegExp(`^scr_${created.prefix}_[0-9a-f]{64}$`));
    const probe = await api('api-key-probe', { apiKey: created.key });
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual({
      userId: null,
      apiKey: {
        id: created.id,
        name: 'TOS gateway',
        organizationId: org.id,
        organizationAddress: org.address,
        organizationRole: 'other',
        scopes: ['releases:read', 'gate:write'],
        // Issue 10 item 1: its organisation's features, as its people have them.
        features: expect.objectContaining({ canSeeTransferInfo: true }),
      },
    });
    const listed = await api('api-keys', { token: org.tokens[0] });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).not.toHaveProperty('key');
    expect(listed.body.data[0].lastUsedAt).not.toBeNull();
  });

  it('stores only the prefix and a salted hash, never the key or its secret', async () => {
    const org = await signedInOrganization(server);
    const created = await createKey(org.tokens[0]!, { name: 'ERP', scopes: ['releases:write'] });
    const secret = created.key.split('_')[2]!;
    const row = await server.knex('api_keys').where({ id: created.id }).first();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row.prefix).toBe(created.prefix);
  });

  it('refuses a revoked key, an unknown key and a wrong secret with 401 not_authenticated', async () => {
    const org = await signedInOrganization(server);
    const created = await createKey(org.tokens[0]!, { name: 'Gate', scopes: ['releases:read'] });
    expect((await api('api-key-probe', { apiKey: created.key })).status).toBe(200);
    const revoked = await api(`api-keys/${created.id}`, { method: 'DELETE', token: org.tokens[0] });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    for (const apiKey of [
      created.key,
      `scr_${created.prefix}_${'0'.repeat(64)}`,
      `scr_000000000000_${'1'.repeat(64)}`,
      'not-a-key',
    ]) {
      const answer = await api('api-key-probe', { apiKey });
      expect(answer.status).toBe(401);
      expect(answer.body.data.code).toBe('not_authenticated');
    }
  });

  it('access spec §8 "Session invalid": a key sent as Bearer scr_… is told to use ApiKey, not that a session expired', async () => {
    const org = await signedInOrganization(server);
    const created = await createKey(org.tokens[0]!, { name: 'ERP', scopes: ['releases:read'] });
    const sent = (path: string, authorization: string) =>
      fetch(`${server.baseUrl}/api/${path}`, { headers: { authorization } });
    // A service of people and machines, one of people only; the key well-formed or not.
    for (const [path, authorization] of [
      ['api-key-probe', `Bearer ${created.key}`],
      ['api-key-probe', `bearer  ${created.key} `],
      ['api-key-probe', created.key],
      ['api-key-probe', 'Bearer scr_not_a_key'],
      [`users/${org.users[0]!.id}`, `Bearer ${created.key}`],
    ] as const) {
      const answer = await sent(path, authorization);
      const body = (await answer.json()) as { message: string; data: { code: string } };
      expect(answer.status, authorization).toBe(401);
      expect(body.data.code).toBe('api_key_wrong_scheme');
      expect(body.message).toContain('Authorization: ApiKey scr_');
      expect(body.message).not.toMatch(/session/i);
    }
    // The same key in its own scheme works; a JWT that is not valid still reads as a session.
    expect((await sent('api-key-probe', `ApiKey ${created.key}`)).status).toBe(200);
    const expired = await sent('api-key-probe', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x');
    expect(((await expired.json()) as { data: { code: string } }).data.code).toBe(
      'session_invalid',
    );
  });

  it('refuses a key without the scope a service needs with 403 forbidden', async () => {
    const org = await signedInOrganization(server);
    const created = await createKey(org.tokens[0]!, {
      name: 'Lights',
      scopes: ['port-status:write'],
    });
    const answer = await api('api-key-probe', { apiKey: created.key });
    expect(answer.status).toBe(403);
    expect(answer.body.data.code).toBe('forbidden');
  });

  it('never opens a session with a key, and keys reach no service that needs a person', async () => {
    const org = await signedInOrganization(server);
    const created = await createKey(org.tokens[0]!, { name: 'ERP', scopes: ['releases:read'] });
    const session = await api('authentication', {
      method: 'POST',
      body: { strategy: 'api-key', apiKey: created.key },
    });
    expect(session.status).toBe(401);
    expect((await api('api-keys', { apiKey: created.key })).status).toBe(401);
    expect((await api(`users/${org.users[0]!.id}`, { apiKey: created.key })).status).toBe(401);
  });

  it('validates name and scopes against the one list of scopes', async () => {
    const org = await signedInOrganization(server);
    const answer = await api('api-keys', {
      method: 'POST',
      token: org.tokens[0],
      body: { name: '', scopes: ['releases:delete-everything'], extra: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('validation_failed');
    expect(Object.keys(answer.body.data.fields)).toEqual(
      expect.arrayContaining(['name', 'scopes.0', 'extra']),
    );
    const scopes = await api('api-key-scopes', { token: org.tokens[1] });
    expect(scopes.body).toEqual([
      'releases:read',
      'releases:write',
      'gate:write',
      'port-status:write',
      'custody:write',
    ]);
  });
});

describe('api-keys: who may (access spec §6, DESIGN §3 "Tenancy and authorisation")', () => {
  it('refuses a plain user with 403 forbidden', async () => {
    const org = await signedInOrganization(server);
    const answer = await api('api-keys', {
      method: 'POST',
      token: org.tokens[1],
      body: { name: 'Mine', scopes: ['releases:read'] },
    });
    expect(answer.status).toBe(403);
    expect((await api('api-keys', { token: org.tokens[1] })).status).toBe(403);
  });

  it("answers 404 to an admin for another organisation's keys, and lists only its own", async () => {
    const [a, b] = [await signedInOrganization(server), await signedInOrganization(server)];
    const key = await createKey(b.tokens[0]!, { name: 'B only', scopes: ['releases:read'] });
    await createKey(a.tokens[0]!, { name: 'A only', scopes: ['releases:read'] });
    const revoke = await api(`api-keys/${key.id}`, { method: 'DELETE', token: a.tokens[0] });
    expect(revoke.status).toBe(404);
    expect((await api(`api-keys?organizationId=${b.id}`, { token: a.tokens[0] })).status).toBe(404);
    const listed = await api('api-keys', { token: a.tokens[0] });
    expect(listed.body.data.map((k: { name: string }) => k.name)).toEqual(['A only']);
    const forB = await api('api-keys', {
      method: 'POST',
      token: a.tokens[0],
      body: { organizationId: b.id, name: 'sneaky', scopes: ['releases:read'] },
    });
    expect(forB.status).toBe(403);
  });

  it('lets support make and revoke keys for any organisation', async () => {
    const [org, desk] = [
      await signedInOrganization(server),
      await signedInOrganization(server, { users: [{ isSupport: true }] }),
    ];
    const created = await createKey(desk.tokens[0]!, {
      organizationId: org.id,
      name: 'Set up by support',
      scopes: ['releases:write'],
    });
    const listed = await api(`api-keys?organizationId=${org.id}`, { token: desk.tokens[0] });
    expect(listed.body.data.map((k: { id: number }) => k.id)).toEqual([created.id]);
    const revoked = await api(`api-keys/${created.id}`, {
      method: 'DELETE',
      token: desk.tokens[0],
    });
    expect(revoked.status).toBe(200);
  });
});
