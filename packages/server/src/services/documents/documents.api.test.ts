import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { documentsKit, orderBody } from './documents-kit.ts';

let server: TestServer;
let kit: ReturnType<typeof documentsKit>;

beforeAll(async () => {
  server = await startTestApp();
  kit = documentsKit(server);
});
afterAll(() => server?.stop());

describe('access spec §7 "Documents": document types and drafts', () => {
  it('GET document-types answers the transport order with its JSON Schema and UI schema', async () => {
    const org = await kit.organization();
    const types = await kit.api('document-types', { token: org.tokens[1] });
    expect(types.status).toBe(200);
    expect(types.body).toEqual([
      expect.objectContaining({
        id: 'transport-order',
        title: 'Transport order',
        schema: expect.objectContaining({
          type: 'object',
          required: ['reference', 'type', 'blNumber'],
        }),
        uiSchema: expect.objectContaining({ 'ui:order': expect.any(Array) }),
      }),
    ]);
    expect((await kit.api('document-types/transport-order', { token: org.tokens[1] })).status).toBe(
      200,
    );
    expect((await kit.api('document-types/nope', { token: org.tokens[1] })).body.data.code).toBe(
      'not_found',
    );
  });

  it("creates a draft of the caller's organisation, texts trimmed, and edits it", async () => {
    const org = await kit.organization();
    const created = await kit.create(
      org.tokens[1]!,
      orderBody({ reference: '  TO-1  ', vessel: '' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      documentType: { id: 'transport-order', title: 'Transport order' },
      status: 'draft',
      reference: 'TO-1',
      organization: { name: org.name, address: org.address },
      sharedWith: null,
      actions: ['view', 'edit', 'share'],
    });
    expect(created.body.body).not.toHaveProperty('vessel');
    const edited = await kit.patch(org.tokens[0]!, created.body.id, {
      body: orderBody({ reference: 'TO-1b', remarks: 'Call before arrival' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      reference: 'TO-1b',
      body: { remarks: 'Call before arrival' },
    });
    expect((await kit.get(org.tokens[1]!, created.body.id)).body.reference).toBe('TO-1b');
  });

  it("validates the body against the type's JSON Schema, per field with clear messages", async () => {
    const org = await kit.organization();
    const answer = await kit.create(
      org.tokens[0]!,
      orderBody({
        reference: '   ',
        blNumber: 'BL 1',
        containers: [{ containerNumber: 'MSCU12' }],
        dangerousGoods: true,
        extraPickUpDays: 1.5,
        reeferTemperature: 60,
        eta: '2026-02-30',
        colour: 'red',
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data).toMatchObject({
      code: 'validation_failed',
      fields: {
        'body.reference': 'documents.validation.required',
        'body.blNumber': 'documents.validation.pattern',
        'body.containers.0.containerNumber': 'documents.validation.pattern',
        'body.imoClass': 'documents.validation.required',
        'body.extraPickUpDays': 'documents.validation.integer',
        'body.reeferTemperature': 'documents.validation.maximum',
        'body.colour': 'documents.validation.additionalProperties',
        'body.eta': 'documents.validation.format',
      },
    });
    // Access spec §5 "Generic form messages": a missing field as every form says it.
    for (const text of [
      'Please provide a Reference',
      'Container number is not in the expected format',
      'Please provide an IMO class',
      'Extra pick-up days must be a whole number',
      'Reefer temperature (°C) is at most 40',
      'ETA is not a valid date',
    ])
      expect(answer.body.message).toContain(text);
    expect((await kit.list(org.tokens[0]!)).body.total).toBe(0);

    const unknown = await kit.create(org.tokens[0]!, orderBody(), 'invoice');
    expect(unknown.body.data.fields).toEqual({
      documentTypeId: 'documents.validation.unknownType',
    });
    const both = await kit.patch(org.tokens[0]!, 1, { body: orderBody(), status: 'accepted' });
    expect(both.body.data.fields).toEqual({ _: 'documents.validation.bodyOrStatus' });
  });

  it('access spec §2: documents are behind canDocuments (403 subscription_required)', async () => {
    const org = await kit.organization();
    const token = await kit.withoutDocuments(org);
    for (const path of ['documents', 'document-types']) {
      const answer = await kit.api(path, { token });
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('subscription_required');
    }
    expect((await kit.create(token, orderBody())).status).toBe(403);
    expect((await kit.api('documents')).status).toBe(401);
  });
});

describe('access spec §4 "Documents": tenancy, sharing and the receiver\'s decision', () => {
  it("another organisation's document answers not found unless shared with it", async () => {
    const [a, b, c] = await Promise.all([
      kit.organization(),
      kit.organization(),
      kit.organization(),
    ]);
    await kit.connect(a, b);
    await kit.connect(c, a);
    const id = (await kit.create(a.tokens[0]!, orderBody())).body.id;
    for (const answer of [
      await kit.get(b.tokens[0]!, id),
      await kit.patch(b.tokens[0]!, id, { body: orderBody() }),
      await kit.patch(b.tokens[0]!, id, { status: 'accepted' }),
      await kit.share(b.tokens[0]!, id, c.address),
    ])
      expect(answer.body.data.code).toBe('not_found');
    expect((await kit.list(b.tokens[0]!)).body.total).toBe(0);

    expect((await kit.share(a.tokens[1]!, id, b.address)).status).toBe(201);
    const seen = await kit.get(b.tokens[1]!, id);
    expect(seen.body).toMatchObject({
      status: 'toBeAccepted',
      organization: { address: a.address },
      sharedWith: { address: b.address },
      actions: ['view', 'accept', 'reject'],
    });
    expect((await kit.list(b.tokens[0]!)).body.data.map((d: { id: number }) => d.id)).toEqual([id]);
    expect((await kit.get(c.tokens[0]!, id)).status).toBe(404);
    expect((await kit.get(a.tokens[0]!, id)).body.actions).toEqual(['view']);
  });

  it('"Share is allowed on draft": with a finalised connection only, never twice, never by the receiver', async () => {
    const [a, b, requested, stranger] = await Promise.all([
      kit.organization(),
      kit.organization(),
      kit.organization(),
      kit.organization(),
    ]);
    await kit.connect(a, b);
    await kit.connect(a, requested, 'requested');
    const id = (await kit.create(a.tokens[0]!, orderBody())).body.id;
    for (const target of [
      requested.address,
      stranger.address,
      '0x0000000000000000000000000000000000000001',
    ])
      expect((await kit.share(a.tokens[0]!, id, target)).body.data.code).toBe(
        'no_finalized_connection',
      );
    expect((await kit.share(a.tokens[0]!, id, a.address)).body.data.fields).toEqual({
      targetOrganizationAddress: 'documents.validation.ownOrganization',
    });
    expect((await kit.patch(a.tokens[0]!, id, { status: 'toBeAccepted' })).body.data.code).toBe(
      'missing_target_organization',
    );
    // The PATCH of §7 (status, organizationAddress) shares as document-share does; any case.
    const shared = await kit.patch(a.tokens[0]!, id, {
      status: 'toBeAccepted',
      organizationAddress: b.address.toUpperCase().replace('0X', '0x'),
    });
    expect(shared.body).toMatchObject({
      status: 'toBeAccepted',
      sharedWith: { address: b.address },
    });
    expect((await kit.share(a.tokens[0]!, id, b.address)).body.data.code).toBe('conflict');
    expect((await kit.share(b.tokens[0]!, id, a.address)).body.data.code).toBe('forbidden');
    // Shared, the body no longer changes under the receiver.
    expect((await kit.patch(a.tokens[0]!, id, { body: orderBody() })).body.data.code).toBe(
      'conflict',
    );
    expect((await kit.patch(b.tokens[0]!, id, { body: orderBody() })).body.data.code).toBe(
      'forbidden',
    );
  });

  it('refuses a receiver that does not work with documents', async () => {
    const [a, b] = await Promise.all([kit.organization(), kit.organization()]);
    await kit.connect(a, b);
    await kit.withoutDocuments(b);
    const id = (await kit.create(a.tokens[0]!, orderBody())).body.id;
    const answer = await kit.share(a.tokens[0]!, id, b.address);
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('document_receiver_unavailable');
    expect((await kit.get(a.tokens[0]!, id)).body.status).toBe('draft');
  });

  it('"Accept and Reject are allowed on to be accepted" for the receiving organisation only', async () => {
    const [a, b] = await Promise.all([kit.organization(), kit.organization()]);
    await kit.connect(b, a);
    const first = await kit.sharedDraft(a, b);
    const second = await kit.sharedDraft(a, b);
    for (const status of ['accepted', 'rejected'])
      expect((await kit.patch(a.tokens[0]!, first, { status })).body.data.code).toBe('forbidden');
    const accepted = await kit.patch(b.tokens[1]!, first, { status: 'accepted' });
    expect(accepted.body).toMatchObject({ status: 'accepted', actions: ['view'] });
    expect(accepted.body.decidedAt).toEqual(expect.any(String));
    expect((await kit.patch(b.tokens[0]!, first, { status: 'rejected' })).body.data.code).toBe(
      'conflict',
    );
    expect((await kit.patch(b.tokens[0]!, second, { status: 'rejected' })).body.status).toBe(
      'rejected',
    );
    expect(
      (
        await kit.patch(b.tokens[0]!, second, {
          status: 'accepted',
          organizationAddress: b.address,
        })
      ).body.data.fields,
    ).toEqual({ organizationAddress: 'documents.validation.onlyToShare' });
    expect((await kit.get(a.tokens[1]!, first)).body).toMatchObject({
      status: 'accepted',
      actions: ['view'],
    });
  });
});

describe('access spec §5 "Document text search is case-insensitive substring"', () => {
  it('finds own and received documents by any text of the body, in any case, % as typed', async () => {
    const [a, b] = await Promise.all([kit.organization(), kit.organization()]);
    await kit.connect(a, b);
    const alpha = (await kit.create(a.tokens[0]!, orderBody({ reference: 'Antwerp-ALPHA' }))).body
      .id;
    await kit.create(a.tokens[0]!, orderBody({ reference: 'beta 100%' }));
    const received = await kit.sharedDraft(b, a, {
      reference: 'from-b',
      containers: [{ containerNumber: 'TGHU7654321' }],
    });
    const ids = async (search: string) =>
      (await kit.list(a.tokens[1]!, `?search=${encodeURIComponent(search)}`)).body.data.map(
        (d: { id: number }) => d.id,
      );
    expect(await ids('alpha')).toEqual([alpha]);
    expect(await ids('ANTWERP-al')).toEqual([alpha]);
    expect(await ids('tghu765')).toEqual([received]);
    expect(await ids('0%')).toHaveLength(1);
    expect(await ids('%')).toHaveLength(1);
    expect(await ids('nothing like it')).toEqual([]);
    expect((await kit.list(a.tokens[1]!)).body.total).toBe(3);
    expect(
      (await kit.list(a.tokens[1]!, '?status=toBeAccepted')).body.data.map(
        (d: { id: number }) => d.id,
      ),
    ).toEqual([received]);
    expect((await kit.list(a.tokens[1]!, '?search=x&colour=red')).status).toBe(400);
  });
});
