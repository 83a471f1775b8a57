import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import type { TestServer } from '../../test/start-app.ts';

/** An organisation of the test's own with two signed-in users (see `signedInOrganization`). */
export type Org = SignedInOrganization;

/** Bytes of a small PDF, and the same as base64. */
export const pdfBytes = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
export const pdfBase64 = pdfBytes.toString('base64');

/**
 * The requests-for-release API tests' cast: a carrier, a requester whose subscription 11 lists
 * it (so it has canRequestForRelease, access spec §9), and `calls` to the API as any of them.
 */
export async function requestCast(server: TestServer) {
  const [carrier, requester] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
  ]);
  await offerCarriers(server, requester, [carrier]);
  return { carrier, requester, call: requestCaller(server) };
}

/** Gives the organisation plan 11 with the carriers' ids in its remark (access spec §9). */
export async function offerCarriers(server: TestServer, org: Org, carriers: { id: number }[]) {
  await server.knex('subscriptions').insert({
    organization_id: org.id,
    subscription_id: 11,
    start_date: '2020-01-01',
    remark: carriers.map((carrier) => carrier.id).join(', '),
  });
}

/** Calls `/api/{path}` as the organisation's first user. */
export function requestCaller(server: TestServer) {
  const api = apiCaller(server);
  return (org: Org | null, path: string, options: { method?: string; body?: unknown } = {}) =>
    api(path, { ...options, ...(org ? { token: org.tokens[0] } : {}) });
}

/** A request body to the carrier: BL, two containers, a reference, an invoice and a LOI. */
export function requestBody(carrier: { address: string }, fields: Record<string, unknown> = {}) {
  return {
    carrierAddress: carrier.address,
    blNumber: `RFR${Math.floor(Math.random() * 1e9)}`,
    containersRaw: 'MSCU1234566, TGHU 7654320',
    reference: 'PO-4471',
    invoiceNumber: 'INV 2026/118',
    files: [
      { kind: 'letterOfIndemnity', name: 'loi.pdf', ref: 'Signed LOI', contentBase64: pdfBase64 },
    ],
    ...fields,
  };
}
