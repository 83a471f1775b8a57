import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { signedInChain } from '../test/custody.ts';
import { documentClient } from '../test/document-client.ts';
import { offerCarriers, pdfBase64 } from '../services/requests-for-release/requests-test-kit.ts';
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

describe('releases spec §7 requests-for-release, by a system through the OpenAPI document', () => {
  it('releases spec §7 requests-for-release create with the spec payload, and find by organizationAddress', async () => {
    await offerCarriers(server, forwarder, [carrier]);
    const erp = await systemOf(forwarder, ['releases:write', 'releases:read']);
    const carriers = await erp.call('findRequestCarriers');
    expect(carriers.body).toContainEqual(expect.objectContaining({ address: carrier.address }));
    const blNumber = `RFR${Date.now()}`;
    const sent = await erp.call('sendRequestForRelease', {
      body: {
        reference: 'PO-4471',
        invoiceNumber: 'INV 2026/118',
        carrierAddress: carrier.address,
        blNumber,
        containersRaw: 'MSCU1234566, TGHU 7654320',
        containers: ['MSCU1234566', 'TGHU7654320'],
        files: [
          { kind: 'letterOfIndemnity', name: 'loi.pdf', ref: 'LOI', contentBase64: pdfBase64 },
        ],
        organizationAddress: forwarder.address,
        createdAt: '2026-03-01T09:30:00.000Z',
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      blNumber,
      containers: ['MSCU1234566', 'TGHU7654320'],
      organizationAddress: forwarder.address,
    });
    const carrierSystem = await systemOf(carrier, ['releases:read']);
    const found = await carrierSystem.call('findRequestsForRelease', {
      query: { organizationAddress: forwarder.address },
    });
    expect(found.body.data.map((r: { id: number }) => r.id)).toContain(sent.body.id);
    const one = await carrierSystem.call('getRequestForRelease', {
      path: { id: String(sent.body.id) },
    });
    expect(one.body.id).toBe(sent.body.id);
    const file = await carrierSystem.call('getRequestForReleaseFile', {
      path: { id: String(sent.body.files[0].id) },
    });
    expect(file.body.contentBase64).toBe(pdfBase64);
    // The document says what a refusal names: another organisation's address.
    const refused = await erp.call('sendRequestForRelease', {
      body: { carrierAddress: carrier.address, blNumber, organizationAddress: carrier.address },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual({
      organizationAddress: 'requestsForRelease.validation.organizationNotYours',
    });
  });
});
