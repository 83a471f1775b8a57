import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { signedInChain } from '../test/custody.ts';
import { documentClient } from '../test/document-client.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

/*
 * Releases spec §3, §7 and access spec §7: a system calls the spec's services with the spec's
 * payloads knowing the API only from its OpenAPI document (`test/document-client.ts` refuses a
 * body the document refuses and checks every answer against the document's schema).
 */
let server: TestServer;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;

beforeAll(async () => {
  server = await startTestApp();
  [carrier, forwarder] = await signedInChain(server, [{}, {}]);
});
afterAll(() => server?.stop());

/** A system of the organisation: its API key, made by its admin, and the document's client. */
async function systemOf(org: Org, scopes: string[]) {
  const created = await apiCaller(server)('api-keys', {
    method: 'POST',
    token: org.tokens[0],
    body: { name: `system ${scopes.join(' ')}`, scopes },
  });
  expect(created.status).toBe(201);
  return documentClient(server.baseUrl, `ApiKey ${created.body.key}`);
}

describe('releases spec §7 organizations, by a system through the OpenAPI document', () => {
  it('releases spec §7 organizations get 0 and find by list of ids or of addresses', async () => {
    const stranger = await signedInOrganization(server);
    const erp = await systemOf(forwarder, ['releases:read']);
    const own = await erp.call('getOwnOrganization', { path: { id: '0' } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: forwarder.id, address: forwarder.address });
    expect(own.body.connections.map((o: { id: number }) => o.id)).toEqual([carrier.id]);
    const byIds = await erp.call('findOrganizations', {
      query: { id: { $in: [carrier.id, stranger.id, forwarder.id] } },
    });
    expect(byIds.status).toBe(200);
    expect(byIds.body.data.map((o: { id: number }) => o.id).sort()).toEqual(
      [carrier.id, forwarder.id].sort(),
    );
    const byAddresses = await erp.call('findOrganizations', {
      query: { address: { $in: [carrier.address.toLowerCase(), stranger.address] } },
    });
    expect(byAddresses.body.data).toEqual([
      expect.objectContaining({ id: carrier.id, address: carrier.address, role: 'carrier' }),
    ]);
  });
});
