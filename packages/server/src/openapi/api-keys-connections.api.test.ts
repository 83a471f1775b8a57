import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { connect, signedInChain } from '../test/custody.ts';
import { documentClient } from '../test/document-client.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

/*
 * The API keys and the connected organisations through the OpenAPI document alone
 * (`test/document-client.ts` refuses what the document refuses and checks every answer against
 * it): an organisation admin makes, lists and revokes its keys with a session (access spec §3
 * "API keys" in Administration), and its system finds the organisations it may transfer to
 * (releases spec §6: a finalised connection, either way), never another organisation's.
 */
let server: TestServer;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let haulier: Org;

beforeAll(async () => {
  server = await startTestApp();
  // carrier – forwarder – haulier, each link a finalised connection.
  [carrier, forwarder, haulier] = await signedInChain(server, [{}, {}, {}]);
});
afterAll(() => server?.stop());

/** The document's client as the organisation's admin (its session), and as a system (a key). */
const asAdmin = (org: Org) => documentClient(server.baseUrl, `Bearer ${org.tokens[0]}`);
const asKey = (key: string) => documentClient(server.baseUrl, `ApiKey ${key}`);

async function keyOf(org: Org, name: string, scopes: string[]) {
  const admin = await asAdmin(org);
  const made = await admin.call('createApiKey', { body: { name, scopes } });
  expect(made.status).toBe(201);
  return made.body as { id: number; key: string; prefix: string };
}

describe('the API keys in the OpenAPI document (DESIGN §4; access spec §3 "API keys")', () => {
  it('lets an admin’s session create, list and revoke a key; the key then authenticates nothing, and manages no keys', async () => {
    const admin = await asAdmin(carrier);
    const made = await admin.call('createApiKey', {
      body: { name: 'carrier-erp-keys', scopes: ['releases:read'] },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'carrier-erp-keys',
      organizationId: carrier.id,
      scopes: ['releases:read'],
      revokedAt: null,
    });
    expect(made.body.key).toMatch(new RegExp(`^scr_${made.body.prefix}_`));

    const listed = await admin.call('listApiKeys', { query: { $limit: 100 } });
    expect(listed.status).toBe(200);
    const mine = listed.body.data.find((key: { id: number }) => key.id === made.body.id);
    expect(mine).toMatchObject({ prefix: made.body.prefix, name: 'carrier-erp-keys' });
    expect(mine).not.toHaveProperty('key');
    // Only the caller's own organisation's keys.
    const other = await keyOf(forwarder, 'forwarder-own', ['releases:read']);
    expect(listed.body.data.map((key: { id: number }) => key.id)).not.toContain(other.id);

    // The document says a key is refused for these operations: it is.
    const system = await asKey(made.body.key);
    expect((await system.call('getOwnOrganization', { path: { id: '0' } })).status).toBe(200);
    const keyLists = await system.call('listApiKeys');
    expect(keyLists.status).toBe(401);
    const keyMakes = await system.call('createApiKey', {
      body: { name: 'made-by-a-key', scopes: ['releases:read'] },
    });
    expect(keyMakes.status).toBe(401);

    // Another organisation's admin cannot revoke it: to them it does not exist.
    const stranger = await asAdmin(forwarder);
    const foreign = await stranger.call('revokeApiKey', { path: { id: String(made.body.id) } });
    expect(foreign.status).toBe(404);

    const revoked = await admin.call('revokeApiKey', { path: { id: String(made.body.id) } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await system.call('getOwnOrganization', { path: { id: '0' } })).status).toBe(401);
    const active = await admin.call('listApiKeys', { query: { includeRevoked: false } });
    expect(active.body.data.map((key: { id: number }) => key.id)).not.toContain(made.body.id);
  });
});

describe('releases spec §6: a system finds its connected organisations through the document', () => {
  it('answers the finalised connections of the key’s own organisation, either way, by name, with address and role; not requested ones, not strangers', async () => {
    const stranger = await signedInOrganization(server);
    const asking = await signedInOrganization(server);
    // A connection only requested is no transfer target yet.
    await server.knex('organization_connections').insert({
      organization_id: asking.id,
      connected_organization_id: forwarder.id,
      status: 'requested',
    });
    const key = await keyOf(forwarder, 'forwarder-tms-lookup', ['releases:read']);
    const system = await asKey(key.key);
    const connected = await system.call('findOrganizations', { query: { connected: true } });
    expect(connected.status).toBe(200);
    expect(connected.body.data).toEqual(
      [carrier, haulier]
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)
        .map((org) =>
          expect.objectContaining({ id: org.id, name: org.name, address: org.address }),
        ),
    );
    expect(connected.body.data.map((org: { role: string }) => org.role)).toEqual(
      expect.arrayContaining(['carrier', 'other']),
    );
    const ids = connected.body.data.map((org: { id: number }) => org.id);
    expect(ids).not.toContain(forwarder.id);
    expect(ids).not.toContain(stranger.id);
    expect(ids).not.toContain(asking.id);

    // `search` narrows them by name; a stranger's name finds nothing.
    const byName = await system.call('findOrganizations', {
      query: { connected: true, search: haulier.name.slice(-6) },
    });
    expect(byName.body.data.map((org: { id: number }) => org.id)).toEqual([haulier.id]);
    const strangerByName = await system.call('findOrganizations', {
      query: { connected: true, search: stranger.name },
    });
    expect(strangerByName.body.data).toEqual([]);

    // Tenancy: the carrier's key answers the carrier's connections, never the forwarder's.
    const carrierKey = await keyOf(carrier, 'carrier-lookup', ['releases:read']);
    const carrierSystem = await asKey(carrierKey.key);
    const carriers = await carrierSystem.call('findOrganizations', { query: { connected: true } });
    expect(carriers.body.data.map((org: { id: number }) => org.id)).toEqual([forwarder.id]);
  });

  it('answers a terminal no connected organisation (it transfers to no one), and refuses a key without releases:read', async () => {
    const terminal = await signedInOrganization(server, { role: 'terminal' });
    await connect(server.knex, forwarder, terminal);
    const key = await keyOf(terminal, 'terminal-lookup', ['releases:read']);
    const found = await (
      await asKey(key.key)
    ).call('findOrganizations', { query: { connected: true } });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([]);

    const gateKey = await keyOf(forwarder, 'forwarder-gate-only', ['gate:write']);
    const refused = await apiCaller(server)('organizations?connected=true', {
      apiKey: gateKey.key,
    });
    expect(refused.status).toBe(403);
  });
});
