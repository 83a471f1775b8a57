import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization } from '../../test/admin-kit.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { offerCarriers, pdfBase64, requestCast, type Org } from './requests-test-kit.ts';

/*
 * Releases spec §3 "Request for release" and §7 `requests-for-release` create (reference,
 * invoiceNumber, carrierAddress, blNumber, containersRaw, containers, files,
 * organizationAddress, createdAt) and find (organizationAddress), by people and by systems.
 */
let server: TestServer;
let carrier: Org;
let requester: Org;
let call: Awaited<ReturnType<typeof requestCast>>['call'];

beforeAll(async () => {
  server = await startTestApp();
  ({ carrier, requester, call } = await requestCast(server));
});
afterAll(() => server?.stop());

/** The spec's payload, every field of §7 filled in as the spec's client sends them. */
const specPayload = (fields: Record<string, unknown> = {}) => ({
  reference: 'PO-4471',
  invoiceNumber: 'INV 2026/118',
  carrierAddress: carrier.address,
  blNumber: `RFR${Math.floor(Math.random() * 1e9)}`,
  containersRaw: 'MSCU1234566, TGHU 7654320',
  containers: ['MSCU1234566', 'TGHU7654320'],
  files: [
    { kind: 'letterOfIndemnity', name: 'loi.pdf', ref: 'Signed LOI', contentBase64: pdfBase64 },
  ],
  organizationAddress: requester.address,
  createdAt: new Date().toISOString(),
  ...fields,
});

const send = (org: Org, body: unknown) =>
  call(org, 'requests-for-release', { method: 'POST', body });

const refusedFields = async (org: Org, body: unknown) => {
  const before = await server.knex('requests_for_release').count({ n: '*' }).first();
  const answer = await send(org, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.data.code).toBe('validation_failed');
  const after = await server.knex('requests_for_release').count({ n: '*' }).first();
  expect(Number(after!.n)).toBe(Number(before!.n));
  return answer.body.data.fields;
};

/** An API key of the organisation (its admin, `tokens[0]`, makes it). */
async function keyOf(org: Org, scopes: string[]) {
  const created = await apiCaller(server)('api-keys', {
    method: 'POST',
    token: org.tokens[0],
    body: { name: `system ${scopes.join(' ')}`, scopes },
  });
  expect(created.status).toBe(201);
  return created.body.key as string;
}

describe('releases spec §7 `requests-for-release` create: the spec payload', () => {
  it('releases spec §7: takes every field of the spec payload; the request is the requester’s, at the server’s time', async () => {
    const body = specPayload({ createdAt: '2001-02-03T04:05:06.000Z' });
    const answer = await send(requester, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      reference: 'PO-4471',
      invoiceNumber: 'INV 2026/118',
      carrierAddress: carrier.address,
      blNumber: body.blNumber,
      containersRaw: 'MSCU1234566, TGHU 7654320',
      containers: ['MSCU1234566', 'TGHU7654320'],
      files: [{ kind: 'letterOfIndemnity', name: 'loi.pdf', ref: 'Signed LOI' }],
      organizationAddress: requester.address,
      status: 'open',
    });
    // createdAt is taken and ignored: the server records when it received the request.
    const createdAt = new Date(answer.body.createdAt).getTime();
    expect(Math.abs(createdAt - Date.now())).toBeLessThan(60_000);
    const stored = await server.knex('requests_for_release').where({ id: answer.body.id }).first();
    expect(stored).toMatchObject({
      organization_id: requester.id,
      created_by_user_id: requester.users[0]!.id,
    });
    // The address in any case is the requester's own; null or absent fields are fine too.
    const lower = await send(
      requester,
      specPayload({ organizationAddress: requester.address.toLowerCase(), createdAt: null }),
    );
    expect(lower.status).toBe(201);
  });

  it('releases spec §7: organizationAddress must be the caller’s own organisation, else a translated refusal', async () => {
    const other = await signedInOrganization(server);
    for (const organizationAddress of [other.address, carrier.address]) {
      expect(await refusedFields(requester, specPayload({ organizationAddress }))).toEqual({
        organizationAddress: 'requestsForRelease.validation.organizationNotYours',
      });
    }
  });

  it('releases spec §3, §5: containers alone is the list; with containersRaw both must name the same containers', async () => {
    // The list alone, read as the free text is read (§5).
    const listOnly = await send(
      requester,
      specPayload({ containersRaw: null, containers: ['mscu1234566', 'TGHU 7654320'] }),
    );
    expect(listOnly.status, JSON.stringify(listOnly.body)).toBe(201);
    expect(listOnly.body).toMatchObject({
      containersRaw: null,
      containers: ['MSCU1234566', 'TGHU7654320'],
    });
    // Both, in another order and case: they agree, and the free text's list is kept.
    const agreeing = await send(
      requester,
      specPayload({ containers: ['tghu7654320', 'MSCU1234566'] }),
    );
    expect(agreeing.status).toBe(201);
    expect(agreeing.body.containers).toEqual(['MSCU1234566', 'TGHU7654320']);
    // Both, naming other containers: refused, neither wins.
    expect(await refusedFields(requester, specPayload({ containers: ['MSCU1234566'] }))).toEqual({
      containers: 'requestsForRelease.validation.containersMismatch',
    });
    expect(
      await refusedFields(requester, specPayload({ containersRaw: '', containers: ['MSCU<b>'] })),
    ).toEqual({ containers: 'requestsForRelease.validation.containersFormat' });
  });

  it('releases spec §7: a createdAt that is not a date, or fields of another shape, answer 400', async () => {
    for (const fields of [
      { createdAt: 'yesterday' },
      { createdAt: 1_700_000_000_000 },
      { containers: 'MSCU1234566' },
      { organizationAddress: 'requester' },
    ]) {
      const answer = await send(requester, specPayload(fields));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.data.code).toBe('validation_failed');
      expect(Object.keys(answer.body.data.fields)).toEqual([Object.keys(fields)[0]]);
    }
  });
});

describe('releases spec §7 `requests-for-release` find: organizationAddress', () => {
  it('releases spec §7: a carrier finds the requests of one requester; a requester only its own', async () => {
    const second = await signedInOrganization(server);
    await offerCarriers(server, second, [carrier]);
    const mine = await send(requester, specPayload());
    const theirs = await send(second, specPayload({ organizationAddress: second.address }));
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    const ids = (answer: { body: { data: { id: number }[] } }) =>
      answer.body.data.map((request) => request.id);

    const fromSecond = await call(
      carrier,
      `requests-for-release?organizationAddress=${second.address.toLowerCase()}`,
    );
    expect(fromSecond.status).toBe(200);
    expect(ids(fromSecond)).toEqual([theirs.body.id]);
    expect(fromSecond.body.total).toBe(1);
    const fromRequester = await call(
      carrier,
      `requests-for-release?organizationAddress=${requester.address}&$limit=50`,
    );
    expect(ids(fromRequester)).toContain(mine.body.id);
    expect(ids(fromRequester)).not.toContain(theirs.body.id);

    // A requester sees only what it sent: another's address finds nothing.
    const own = await call(
      requester,
      `requests-for-release?organizationAddress=${requester.address}`,
    );
    expect(ids(own)).toContain(mine.body.id);
    const another = await call(
      requester,
      `requests-for-release?organizationAddress=${second.address}`,
    );
    expect(another.body).toMatchObject({ total: 0, data: [] });
    const malformed = await call(requester, 'requests-for-release?organizationAddress=mine');
    expect(malformed.status).toBe(400);
  });
});

describe('releases spec §7 `requests-for-release` by a system (API key)', () => {
  it('releases spec §7: a requester’s releases:write key sends the spec payload, a releases:read key lists; the carrier’s system lists and opens; the answer stays a person’s', async () => {
    const sender = await keyOf(requester, ['releases:write', 'releases:read']);
    const api = apiCaller(server);
    const carriers = await api('requests-for-release/carriers', { apiKey: sender });
    expect(carriers.body).toContainEqual(expect.objectContaining({ address: carrier.address }));
    const sent = await api('requests-for-release', {
      method: 'POST',
      apiKey: sender,
      body: specPayload(),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ organizationAddress: requester.address, status: 'open' });
    const stored = await server.knex('requests_for_release').where({ id: sent.body.id }).first();
    expect(stored.created_by_user_id).toBeNull();
    // A system sends in its own organisation's name only.
    const other = await signedInOrganization(server);
    const impersonating = await api('requests-for-release', {
      method: 'POST',
      apiKey: sender,
      body: specPayload({ organizationAddress: other.address }),
    });
    expect(impersonating.body.data.fields).toEqual({
      organizationAddress: 'requestsForRelease.validation.organizationNotYours',
    });

    const reader = await keyOf(requester, ['releases:read']);
    const listed = await api('requests-for-release', { apiKey: reader });
    expect(listed.body.data.map((r: { id: number }) => r.id)).toContain(sent.body.id);
    const readOnly = await api('requests-for-release', {
      method: 'POST',
      apiKey: reader,
      body: specPayload(),
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.data.code).toBe('forbidden');

    const carrierSystem = await keyOf(carrier, ['releases:read']);
    const received = await api(
      `requests-for-release?organizationAddress=${requester.address}&$limit=50`,
      { apiKey: carrierSystem },
    );
    expect(received.body.data.map((r: { id: number }) => r.id)).toContain(sent.body.id);
    const file = await api(`requests-for-release/files/${sent.body.files[0].id}`, {
      apiKey: carrierSystem,
    });
    expect(file.body.contentBase64).toBe(pdfBase64);
    const answer = await api(`requests-for-release/${sent.body.id}`, {
      method: 'PATCH',
      apiKey: carrierSystem,
      body: { releases: [] },
    });
    expect(answer.status).toBe(401);
    // A terminal's system works with no requests, as its people.
    const terminal = await signedInOrganization(server, { role: 'terminal' });
    const terminalKey = await keyOf(terminal, ['releases:read']);
    const refused = await api('requests-for-release', { apiKey: terminalKey });
    expect(refused.status).toBe(403);
  });
});
