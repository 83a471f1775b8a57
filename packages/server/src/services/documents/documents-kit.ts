import { apiCaller, signedInOrganization, tokenFor, type Answer } from '../../test/admin-kit.ts';
import type { TestServer } from '../../test/start-app.ts';

/** A complete transport order body; `fields` override or add. */
export function orderBody(fields: Record<string, unknown> = {}) {
  return {
    reference: `TO-${Math.random().toString(36).slice(2, 8)}`,
    type: 'import',
    blNumber: 'SOLANR2611001',
    vessel: 'MSC Anna',
    eta: '2026-07-01',
    containers: [{ containerNumber: 'MSCU1234567', containerType: '45G1' }],
    locations: { pickUp: 'Antwerp 1742', turnIn: 'Antwerp 869' },
    transportModes: ['truck', 'barge'],
    dangerousGoods: false,
    ...fields,
  };
}

/**
 * The documents tests' kit: organisations (Premium, so canDocuments) with two signed-in users
 * each, connections between them, and calls as one of their people.
 */
export function documentsKit(server: TestServer) {
  const api = apiCaller(server);
  const kit = {
    api,
    organization: () => signedInOrganization(server),
    async connect(
      a: { id: number },
      b: { id: number },
      status: 'finalized' | 'requested' = 'finalized',
    ) {
      await server.knex('organization_connections').insert({
        organization_id: a.id,
        connected_organization_id: b.id,
        status,
      });
    },
    /** Switches canDocuments off for an organisation; answers a fresh token of its first user. */
    async withoutDocuments(org: { id: number; users: { id: number }[] }): Promise<string> {
      await server
        .knex('organization_features')
        .insert({ organization_id: org.id, feature: 'canDocuments', enabled: false });
      return tokenFor(server, org.users[0]!.id);
    },
    create: (token: string, body: unknown, documentTypeId = 'transport-order'): Promise<Answer> =>
      api('documents', { method: 'POST', token, body: { documentTypeId, body } }),
    patch: (token: string, id: number, body: unknown): Promise<Answer> =>
      api(`documents/${id}`, { method: 'PATCH', token, body }),
    share: (token: string, docId: number, targetOrganizationAddress: string): Promise<Answer> =>
      api('document-share', { method: 'POST', token, body: { docId, targetOrganizationAddress } }),
    get: (token: string, id: number): Promise<Answer> => api(`documents/${id}`, { token }),
    list: (token: string, query = ''): Promise<Answer> => api(`documents${query}`, { token }),
    /** A draft of `from`, shared with `to` (connected first). */
    async sharedDraft(
      from: { tokens: string[] },
      to: { address: string },
      fields: Record<string, unknown> = {},
    ): Promise<number> {
      const created = await kit.create(from.tokens[0]!, orderBody(fields));
      const shared = await kit.share(from.tokens[1]!, created.body.id, to.address);
      if (shared.status !== 201) throw new Error(`share failed: ${JSON.stringify(shared.body)}`);
      return created.body.id;
    },
  };
  return kit;
}
