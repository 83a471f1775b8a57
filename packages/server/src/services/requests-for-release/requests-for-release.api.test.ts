import { requestFileLimits } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOrganization } from '../../test/admin-kit.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import {
  offerCarriers,
  pdfBase64,
  pdfBytes,
  requestBody,
  requestCast,
  type Org,
} from './requests-test-kit.ts';

/*
 * Releases spec §3 "Request for release", §5 "Request for release", §7 `requests-for-release`
 * (create, find); access spec §9 (the carriers from the remark of subscription 11); DESIGN §3
 * "Tenancy" and "uploads are checked by content, size …".
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

const send = (org: Org | null, body: unknown) =>
  call(org, 'requests-for-release', { method: 'POST', body });
const storedRequests = async (org: Org) =>
  Number(
    (await server.knex('requests_for_release').where({ organization_id: org.id }).count())[0]!
      .count,
  );

describe('releases spec §7 `requests-for-release` create and find', () => {
  it('access spec §9: the carriers offered are those of the subscription 11 remark', async () => {
    const answer = await call(requester, 'requests-for-release/carriers');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([{ address: carrier.address, name: carrier.name, blPrefixes: [] }]);
  });

  it('sends a request: containers parsed (§5), files stored; both sides list it', async () => {
    const body = requestBody(carrier);
    const answer = await send(requester, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      carrierAddress: carrier.address,
      carrierName: carrier.name,
      organizationAddress: requester.address,
      organizationName: requester.name,
      blNumber: body.blNumber,
      containersRaw: 'MSCU1234566, TGHU 7654320',
      containers: ['MSCU1234566', 'TGHU7654320'],
      reference: 'PO-4471',
      invoiceNumber: 'INV 2026/118',
      status: 'open',
      releases: [],
      files: [
        {
          kind: 'letterOfIndemnity',
          name: 'loi.pdf',
          ref: 'Signed LOI',
          contentType: 'application/pdf',
          size: pdfBytes.length,
        },
      ],
    });
    const sent = await call(requester, 'requests-for-release');
    expect(sent.body.data[0]).toEqual(answer.body);
    const received = await call(carrier, 'requests-for-release');
    expect(received.body.data.map((r: { id: number }) => r.id)).toContain(answer.body.id);
    // Issue 12 item 3: the carrier opens the files; so does the requester.
    for (const org of [carrier, requester]) {
      const file = await call(org, `requests-for-release/files/${answer.body.files[0].id}`);
      expect(file.status).toBe(200);
      expect(file.body).toEqual({
        id: answer.body.files[0].id,
        name: 'loi.pdf',
        contentType: 'application/pdf',
        contentBase64: pdfBase64,
      });
    }
  });

  it('pages newest first with $limit and $skip', async () => {
    await send(requester, requestBody(carrier));
    const last = await send(requester, requestBody(carrier));
    const page = await call(requester, 'requests-for-release?$limit=1&$skip=0');
    expect(page.body).toMatchObject({ limit: 1, skip: 0, data: [{ id: last.body.id }] });
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    expect((await call(requester, 'requests-for-release?$limit=500')).status).toBe(400);
  });
});

describe('releases spec §5 "Request for release": the validation messages', () => {
  const fieldsOf = async (body: unknown) => {
    const before = await storedRequests(requester);
    const answer = await send(requester, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.data.code).toBe('validation_failed');
    expect(await storedRequests(requester)).toBe(before);
    return answer.body.data.fields;
  };

  it('carrier and blNumber are required', async () => {
    expect(await fieldsOf(requestBody(carrier, { carrierAddress: '', blNumber: ' ' }))).toEqual({
      carrierAddress: 'requestsForRelease.validation.carrierRequired',
      blNumber: 'requestsForRelease.validation.blNumberRequired',
    });
  });

  it('access spec §9: a carrier not in the subscription 11 remark is refused', async () => {
    const other = await signedInOrganization(server, { role: 'carrier' });
    expect(await fieldsOf(requestBody(other))).toEqual({
      carrierAddress: 'requestsForRelease.validation.carrierNotOffered',
    });
  });

  it('for the carrier the spec names (Hapag-Lloyd), the BL must start with HLCU', async () => {
    const hapag = await signedInOrganization(server, {
      role: 'carrier',
      fields: { name: `Hapag-Lloyd AG ${carrier.id}` },
    });
    await offerCarriers(server, requester, [hapag]);
    const carriers = await call(requester, 'requests-for-release/carriers');
    expect(carriers.body).toContainEqual({
      address: hapag.address,
      name: hapag.name,
      blPrefixes: ['HLCU'],
    });
    expect(await fieldsOf(requestBody(hapag, { blNumber: 'SOLANR2611001' }))).toEqual({
      blNumber: 'requestsForRelease.validation.blNumberPrefix',
    });
    const sent = await send(requester, requestBody(hapag, { blNumber: 'HLCUANR2611001' }));
    expect(sent.status).toBe(201);
  });

  it('containers, reference and invoice number keep to their form', async () => {
    expect(
      await fieldsOf(
        requestBody(carrier, { containersRaw: 'MSCU1234567, <b>', reference: 'a\u0007' }),
      ),
    ).toEqual({
      containersRaw: 'requestsForRelease.validation.containersFormat',
      reference: 'requestsForRelease.validation.textFormat',
    });
  });

  it('a body that is not of the contract answers validation_failed', async () => {
    for (const body of [
      {},
      { ...requestBody(carrier), createdAt: 'yesterday' },
      { ...requestBody(carrier), organizationAddress: 'requester' },
      { ...requestBody(carrier), containers: 'MSCU1234566' },
      { ...requestBody(carrier), files: [{ kind: 'virus', name: 'a.pdf', contentBase64: '' }] },
    ]) {
      await fieldsOf(body);
    }
  });
});

describe('DESIGN §3: the files are checked by content and size', () => {
  const file = (name: string, content: Buffer | string) => ({
    kind: 'other',
    name,
    contentBase64: typeof content === 'string' ? content : content.toString('base64'),
  });
  const refused = async (files: unknown[]) => {
    const answer = await send(requester, requestBody(carrier, { files }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    return answer.body.data.fields;
  };

  it('a file whose content is not what its name says is refused, and nothing is stored', async () => {
    const before = await storedRequests(requester);
    expect(
      await refused([file('loi.pdf', Buffer.from('<html><script>alert(1)</script>'))]),
    ).toEqual({ 'files.0': 'requestsForRelease.validation.fileType' });
    expect(await refused([file('loi.exe', pdfBytes)])).toEqual({
      'files.0': 'requestsForRelease.validation.fileType',
    });
    expect(await refused([file('loi.pdf', 'not base64 at all!')])).toEqual({
      'files.0': 'requestsForRelease.validation.fileType',
    });
    expect(await storedRequests(requester)).toBe(before);
  });

  it('empty, too large, and too many files are refused', async () => {
    const big = Buffer.concat([pdfBytes, Buffer.alloc(requestFileLimits.maxFileBytes)]);
    expect(await refused([file('empty.pdf', Buffer.alloc(0))])).toEqual({
      'files.0': 'requestsForRelease.validation.fileEmpty',
    });
    expect(await refused([file('big.pdf', big)])).toEqual({
      'files.0': 'requestsForRelease.validation.fileTooLarge',
    });
    expect(await refused(Array.from({ length: 6 }, (_, i) => file(`f${i}.pdf`, pdfBytes)))).toEqual(
      { files: 'requestsForRelease.validation.tooManyFiles' },
    );
  });
});

describe('releases spec §2, §6: who may send and list requests; DESIGN §3 "Tenancy"', () => {
  it('without canRequestForRelease 403 subscription_required; a terminal 403; no session 401', async () => {
    const plain = await signedInOrganization(server);
    const terminal = await signedInOrganization(server, { role: 'terminal' });
    for (const path of ['requests-for-release', 'requests-for-release/carriers']) {
      const noPlan = await call(plain, path);
      expect(noPlan.status).toBe(403);
      expect(noPlan.body.data.code).toBe('subscription_required');
      expect((await call(terminal, path)).body.data.code).toBe('forbidden');
      expect((await call(null, path)).status).toBe(401);
    }
    expect((await send(plain, requestBody(carrier))).status).toBe(403);
    // A carrier answers requests; it sends none.
    const byCarrier = await send(carrier, requestBody(carrier));
    expect(byCarrier.body.data.code).toBe('forbidden');
  });

  it('a request or file of another organisation answers not found, and is not listed', async () => {
    const mine = await send(requester, requestBody(carrier));
    const [stranger, otherCarrier] = await Promise.all([
      signedInOrganization(server),
      signedInOrganization(server, { role: 'carrier' }),
    ]);
    await offerCarriers(server, stranger, [carrier]);
    for (const org of [stranger, otherCarrier]) {
      const request = await call(org, `requests-for-release/${mine.body.id}`);
      expect(request.status).toBe(404);
      expect(request.body.data.code).toBe('not_found');
      const file = await call(org, `requests-for-release/files/${mine.body.files[0].id}`);
      expect(file.status).toBe(404);
      const list = await call(org, 'requests-for-release');
      expect(list.body.data).toEqual([]);
    }
    expect((await call(requester, `requests-for-release/${mine.body.id}`)).status).toBe(200);
    expect((await call(carrier, `requests-for-release/${mine.body.id}`)).status).toBe(200);
    expect((await call(requester, 'requests-for-release/abc')).status).toBe(404);
    expect((await call(requester, 'requests-for-release/files/2147483000')).status).toBe(404);
  });
});
