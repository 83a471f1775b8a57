import { addDays, componentOf, todayInBrussels, tokenizeEdifact } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import {
  coreorFile,
  uniqueInterchangeReference,
  type CoreorContainer,
} from '../../test/coreor-file.ts';
import { releaseTerminal, uniqueBl, uniqueContainer } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let key: string;
let terminal: string;
const until = addDays(todayInBrussels(), 20);

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  carrier = await signedInOrganization(server, { role: 'carrier' });
  terminal = await releaseTerminal(server.knex);
  const made = await api('api-keys', {
    method: 'POST',
    token: carrier.tokens[0],
    body: { name: 'EDI gateway', scopes: ['releases:write', 'releases:read'] },
  });
  key = made.body.key;
});
afterAll(() => server?.stop());

const send = (content: string, auth: { apiKey?: string; token?: string } = { apiKey: key }) =>
  api('releases/coreor', { method: 'POST', ...auth, body: { content, fileName: 'coreor.edi' } });

const container = (fields: Partial<CoreorContainer> = {}): CoreorContainer => ({
  number: uniqueContainer(),
  terminal,
  validUntil: until,
  ...fields,
});

const releaseOf = (blNumber: string, containerNumber: string) =>
  server.knex('releases').where({ bl_number: blNumber, container_number: containerNumber }).first();

describe('issue 14 item 4: EDIFACT COREOR D95B by API (releases:write), answered per message', () => {
  it('acceptance: three releases and one broken segment create three and report the fourth with its segment and reason', async () => {
    const bl = uniqueBl();
    const good = [container({ pincode: 'PIN-0001' }), container(), container()];
    const broken = container({ validUntil: undefined, extra: ['DTM+36:20261345:102'] });
    const reference = uniqueInterchangeReference();
    const answer = await send(
      coreorFile([{ reference: 'M1', bl, containers: [...good, broken] }], reference),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      fileName: 'coreor.edi',
      interchangeReference: reference,
      sender: 'MSCBE',
      recipient: 'SCRPORTAL',
      status: 'partiallyAccepted',
      accepted: 3,
      rejected: 1,
      errors: [],
    });
    const [message] = answer.body.messages;
    expect(message).toMatchObject({
      messageReference: 'M1',
      documentNumber: 'ROM1',
      function: 'original',
      status: 'partiallyAccepted',
    });
    expect(message.releases.map((r: { status: string }) => r.status)).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'rejected',
    ]);
    expect(message.releases[3]).toMatchObject({
      containerNumber: broken.number,
      action: 'create',
      errors: [
        {
          segment: 'DTM+36:20261345:102',
          position: 25,
          reason: 'dateInvalid',
          message: 'This is not a valid date',
        },
      ],
    });
    for (const [i, c] of good.entries()) {
      const row = await releaseOf(bl, c.number);
      expect(row).toMatchObject({
        address: message.releases[i].address,
        pickup_location: terminal,
        pickup_port: 'BEANR',
        iso_type_code: '45G1',
        turn_in_location: 'DEPOT7',
        release_status: 'released',
        created_by_api_key_id: expect.any(Number),
      });
      expect(row.valid_until).toBe(until);
    }
    expect(await releaseOf(bl, broken.number)).toBeUndefined();
    const bill = await server.knex('bills_of_lading').where({ bl_number: bl }).first();
    expect(bill).toMatchObject({
      vessel: 'MSC ANNA',
      voyage_number: 'V042E',
      lloyds_number: '9876543',
      port_of_loading: 'CNSHA',
    });
    // The release reference (RFF+RE) is the pincode: sealed to the carrier, never kept in clear.
    const first = await releaseOf(bl, good[0]!.number);
    const sealed = await server.knex('release_pincodes').where({ release_id: first.id }).first();
    expect(sealed.encrypted_pincode).not.toContain('PIN-0001');
    const kept = await server
      .knex('coreor_interchanges')
      .where({ organization_id: carrier.id })
      .orderBy('id', 'desc')
      .first();
    expect(kept).toMatchObject({
      status: 'partiallyAccepted',
      accepted_count: 3,
      rejected_count: 1,
      control_reference: reference,
      claims_reference: true,
    });
    expect(JSON.stringify(kept.answer)).not.toContain('PIN-0001');
  });

  it("replaces (5) and cancels (1) the carrier's releases of that BL and container with the edit and delete commands", async () => {
    const bl = uniqueBl();
    const [a, b] = [container(), container()];
    await send(coreorFile([{ reference: 'O1', bl, containers: [a, b] }]));
    const later = addDays(todayInBrussels(), 45);
    const unknown = container();
    const answer = await send(
      coreorFile([
        {
          reference: 'R1',
          bl,
          fn: '5',
          vessel: 'MSC BELLA',
          containers: [{ number: a.number, validUntil: later }, { number: unknown.number }],
        },
        { reference: 'C1', bl, fn: '1', containers: [{ number: b.number }] },
      ]),
    );
    expect(answer.status).toBe(201);
    const [replace, cancel] = answer.body.messages;
    expect(replace.releases[0]).toMatchObject({ action: 'update', status: 'accepted', errors: [] });
    expect(replace.releases[1]).toMatchObject({
      action: 'update',
      status: 'rejected',
      errors: [
        { reason: 'releaseNotFound', segment: `EQD+CN+${unknown.number}+45G1:102:5`, position: 12 },
      ],
    });
    expect(cancel).toMatchObject({ function: 'cancellation', status: 'accepted' });
    const replaced = await releaseOf(bl, a.number);
    expect(replaced).toMatchObject({ version: 2, valid_until: later });
    expect(await server.knex('bills_of_lading').where({ bl_number: bl }).first('vessel')).toEqual({
      vessel: 'MSC BELLA',
    });
    expect(await releaseOf(bl, b.number)).toMatchObject({ release_status: 'deleted', version: 2 });
    const events = await server
      .knex('release_events')
      .where({ release_id: replaced.id })
      .orderBy('sequence')
      .pluck('operation');
    expect(events).toEqual(['create', 'edit']);
    // Cancelled once: a second cancellation finds no live release.
    const again = await send(
      coreorFile([{ reference: 'C2', bl, fn: '1', containers: [{ number: b.number }] }]),
    );
    expect(again.body.messages[0].releases[0].errors[0].reason).toBe('releaseNotFound');
  });

  it('reports a value the create command refuses at the segment that set it', async () => {
    const bl = uniqueBl();
    const answer = await send(
      coreorFile([{ reference: 'V1', bl, containers: [container({ terminal: 'NOPE' })] }]),
    );
    expect(answer.body.status).toBe('rejected');
    expect(answer.body.messages[0].releases[0].errors).toEqual([
      expect.objectContaining({
        segment: 'LOC+117+BEANR:139:6+NOPE:TER:ZZZ',
        reason: 'invalidField',
        field: 'pickupLocation',
        detail: 'releases.validation.invalidTerminal',
      }),
    ]);
  });

  it('refuses a whole interchange with a syntax or envelope error and creates nothing', async () => {
    const bl = uniqueBl();
    const c = container();
    const reference = uniqueInterchangeReference();
    const file = coreorFile([{ reference: 'E1', bl, containers: [c] }], reference);
    const unterminated = await send(file.slice(0, -1));
    expect(unterminated.body).toMatchObject({
      status: 'rejected',
      accepted: 0,
      errors: [{ reason: 'unterminatedSegment', segment: `UNZ+1+${reference}` }],
    });
    const miscounted = await send(file.replace('UNZ+1+', 'UNZ+2+'));
    expect(miscounted.body.errors[0]).toMatchObject({ reason: 'interchangeCount' });
    expect(await releaseOf(bl, c.number)).toBeUndefined();
  });

  it("takes the same upload from a carrier's user (the web dialog)", async () => {
    const bl = uniqueBl();
    const answer = await send(coreorFile([{ reference: 'W1', bl, containers: [container()] }]), {
      token: carrier.tokens[1],
    });
    expect(answer.body.status).toBe('accepted');
    expect(await releaseOf(bl, answer.body.messages[0].releases[0].containerNumber)).toMatchObject({
      created_by_user_id: carrier.users[1]!.id,
    });
  });

  it('is for carriers with releases:write only, and refuses bad bodies without a trace', async () => {
    const file = coreorFile([{ reference: 'M1', bl: uniqueBl(), containers: [container()] }]);
    const forwarder = await signedInOrganization(server, { role: 'other' });
    expect((await send(file, { token: forwarder.tokens[0] })).status).toBe(403);
    const readOnly = await api('api-keys', {
      method: 'POST',
      token: carrier.tokens[0],
      body: { name: 'read', scopes: ['releases:read'] },
    });
    expect((await send(file, { apiKey: readOnly.body.key })).status).toBe(403);
    expect((await send(file, {})).status).toBe(401);
    const missing = await api('releases/coreor', {
      method: 'POST',
      apiKey: key,
      body: { fileName: 'x.edi' },
    });
    expect(missing.status).toBe(400);
    const huge = await send('U'.repeat(2_000_001));
    expect(huge.status).toBe(413);
    expect(JSON.stringify(huge.body)).not.toMatch(/at .*\.ts/);
  });
});

/** A raw POST of the interchange: its media type and Accept as given. */
const post = (body: string | Buffer | FormData, headers: Record<string, string>, query = '') =>
  fetch(`${server.baseUrl}/api/releases/coreor${query}`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${key}`, ...headers },
    body,
  });

const liveReleasesOf = (blNumber: string, containerNumber: string) =>
  server
    .knex('releases')
    .where({ bl_number: blNumber, container_number: containerNumber })
    .whereNot('release_status', 'deleted');

describe('README "EDIFACT COREOR": an interchange or a message received before changes nothing', () => {
  it('the same interchange twice: the second answers duplicate and the release it had created, since cancelled, stays cancelled', async () => {
    const bl = uniqueBl();
    const c = container();
    const original = coreorFile([{ reference: uniqueInterchangeReference(), bl, containers: [c] }]);
    expect((await send(original)).body.status).toBe('accepted');
    const cancel = await send(
      coreorFile([{ reference: uniqueInterchangeReference(), bl, fn: '1', containers: [c] }]),
    );
    expect(cancel.body.messages[0].status).toBe('accepted');
    const cancelled = await releaseOf(bl, c.number);
    expect(cancelled).toMatchObject({ release_status: 'deleted', version: 2 });

    const again = await send(original);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      status: 'duplicate',
      accepted: 0,
      rejected: 0,
      duplicates: 1,
      errors: [
        { reason: 'duplicateInterchange', position: 1, segment: expect.stringMatching(/^UNB\+/) },
      ],
      messages: [{ status: 'duplicate', releases: [{ status: 'duplicate', errors: [] }] }],
    });
    expect(await liveReleasesOf(bl, c.number)).toEqual([]);
    expect(await releaseOf(bl, c.number)).toMatchObject({
      id: cancelled.id,
      release_status: 'deleted',
      version: 2,
    });
    // Both posts are kept; only the first claims the sender and control reference.
    const rows = await server
      .knex('coreor_interchanges')
      .where({ organization_id: carrier.id, control_reference: again.body.interchangeReference })
      .orderBy('id')
      .select('status', 'claims_reference');
    expect(rows).toEqual([
      { status: 'accepted', claims_reference: true },
      { status: 'duplicate', claims_reference: false },
    ]);
  });

  it('a message resent alone in a new interchange is a duplicate, while the other messages of that interchange apply', async () => {
    const bl = uniqueBl();
    const [a, b] = [container(), container()];
    const ref = uniqueInterchangeReference().replace('IC', 'MS').slice(0, 13);
    await send(coreorFile([{ reference: ref, bl, containers: [a] }]));
    await send(
      coreorFile([{ reference: `${ref}C`, bl, fn: '1', containers: [{ number: a.number }] }]),
    );
    expect(await liveReleasesOf(bl, a.number)).toEqual([]);

    const resent = await send(
      coreorFile([
        { reference: ref, bl, containers: [a] },
        { reference: `${ref}B`, bl, containers: [b] },
      ]),
    );
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({
      status: 'accepted',
      accepted: 1,
      rejected: 0,
      duplicates: 1,
    });
    const [duplicate, applied] = resent.body.messages;
    expect(duplicate).toMatchObject({
      messageReference: ref,
      status: 'duplicate',
      errors: [
        {
          segment: `UNH+${ref}+COREOR:D:95B:UN`,
          position: 1,
          reason: 'duplicateMessage',
          message: expect.stringContaining('received before'),
        },
      ],
      releases: [{ containerNumber: a.number, status: 'duplicate' }],
    });
    expect(applied).toMatchObject({ status: 'accepted', releases: [{ status: 'accepted' }] });
    expect(await liveReleasesOf(bl, a.number)).toEqual([]);
    expect(await liveReleasesOf(bl, b.number)).toHaveLength(1);
  });

  it('a message of which nothing was taken claims nothing: corrected, it may come again under its reference', async () => {
    const bl = uniqueBl();
    const c = container();
    const ref = uniqueInterchangeReference().replace('IC', 'FX');
    const refused = await send(
      coreorFile([{ reference: ref, bl, containers: [{ ...c, terminal: 'NOPE' }] }]),
    );
    expect(refused.body.messages[0].status).toBe('rejected');
    const fixed = await send(coreorFile([{ reference: ref, bl, containers: [c] }]));
    expect(fixed.body.messages[0]).toMatchObject({ messageReference: ref, status: 'accepted' });
    expect(await liveReleasesOf(bl, c.number)).toHaveLength(1);
  });

  it('two posts of the same interchange at once carry it out once', async () => {
    const bl = uniqueBl();
    const c = container();
    const file = coreorFile([{ reference: uniqueInterchangeReference(), bl, containers: [c] }]);
    const answers = await Promise.all([send(file), send(file)]);
    expect(answers.map((a) => [a.status, a.body.status]).sort()).toEqual([
      [200, 'duplicate'],
      [201, 'accepted'],
    ]);
    expect(await liveReleasesOf(bl, c.number)).toHaveLength(1);
  });
});

describe('README "EDIFACT COREOR": the interchange as its own body, and the answer as an APERAK', () => {
  it('takes the interchange as application/EDIFACT (named by ?fileName=), text/plain in its charset, and a multipart file', async () => {
    const [first, second, third] = [uniqueBl(), uniqueBl(), uniqueBl()];
    const edifact = await post(
      coreorFile([{ reference: 'RAW1', bl: first, containers: [container()] }]),
      {
        'content-type': 'application/EDIFACT',
      },
      '?fileName=order.edi',
    );
    expect(edifact.status).toBe(201);
    expect(await edifact.json()).toMatchObject({ fileName: 'order.edi', status: 'accepted' });

    // An UNOC interchange in ISO-8859-1: its vessel name arrives as written.
    const latin = coreorFile([
      { reference: 'RAW2', bl: second, vessel: 'MSC CÉLINE', containers: [container()] },
    ]);
    const plain = await post(Buffer.from(latin, 'latin1'), {
      'content-type': 'text/plain; charset=ISO-8859-1',
    });
    expect(plain.status).toBe(201);
    expect(
      await server.knex('bills_of_lading').where({ bl_number: second }).first('vessel'),
    ).toEqual({
      vessel: 'MSC CÉLINE',
    });

    const form = new FormData();
    form.append(
      'file',
      new Blob([coreorFile([{ reference: 'RAW3', bl: third, containers: [container()] }])]),
      'upload.coreor',
    );
    const multipart = await post(form, {});
    expect(multipart.status).toBe(201);
    expect(await multipart.json()).toMatchObject({ fileName: 'upload.coreor', status: 'accepted' });
    expect(await server.knex('releases').where({ bl_number: third })).toHaveLength(1);
  });

  it('answers another media type 415, bytes not of their charset 415 and an oversized body 413, saying what to send', async () => {
    const file = coreorFile([{ reference: 'BAD1', bl: uniqueBl(), containers: [container()] }]);
    const xml = await post(file, { 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);
    const refused = (await xml.json()) as { message: string; data: { code: string } };
    expect(refused.data).toMatchObject({
      code: 'coreor_content_type',
      key: 'backend.error.coreor_content_type',
    });
    expect(refused.message).toContain('application/EDIFACT');
    const notUtf8 = await post(Buffer.from([0x55, 0x4e, 0x42, 0xc9, 0x27]), {
      'content-type': 'text/plain',
    });
    expect(notUtf8.status).toBe(415);
    expect(((await notUtf8.json()) as { message: string }).message).toContain('charset');
    const huge = await post('U'.repeat(4_000_001), { 'content-type': 'text/plain' });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { data: { code: string } }).data.code).toBe('payload_too_large');
    const noFile = new FormData();
    noFile.append('note', 'no file');
    const empty = await post(noFile, {});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { data: { fields: unknown } }).data.fields).toEqual({
      file: 'releases.coreor.fileRequired',
    });
  });

  it('answers an APERAK D95B interchange with Accept: application/EDIFACT, read back by the portal’s own tokenizer', async () => {
    const bl = uniqueBl();
    const broken = container({ terminal: 'NOPE' });
    const file = coreorFile([
      { reference: 'AK1', bl, containers: [container(), broken] },
      { reference: 'AK2', bl: uniqueBl(), containers: [container()] },
    ]);
    const answer = await post(file, {
      'content-type': 'application/EDIFACT',
      accept: 'application/EDIFACT',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^application\/EDIFACT/);
    const { segments, problem } = tokenizeEdifact(await answer.text());
    expect(problem).toBeNull();
    expect(segments[0]!.elements.slice(0, 3)).toEqual([['UNOC', '3'], ['SCRPORTAL'], ['MSCBE']]);
    expect(segments.filter((s) => s.tag === 'UNH').map((s) => componentOf(s, 1))).toEqual([
      'APERAK',
      'APERAK',
    ]);
    expect(segments.filter((s) => s.tag === 'RFF').map((s) => componentOf(s, 0, 1))).toEqual([
      'AK1',
      'AK2',
    ]);
    const errs = segments.filter((s) => s.tag === 'ERC').map((s) => componentOf(s, 0));
    expect(errs).toEqual(['PAR', 'EQD', 'ACC']);
    const refused = segments.filter((s) => s.tag === 'FTX' && componentOf(s, 0) === 'AAO')[0]!;
    expect(refused.elements[3]!.slice(0, 3)).toEqual([
      'invalidField',
      'LOC+117+BEANR:139:6+NOPE:TER:ZZZ',
      '14',
    ]);
    expect(refused.elements[3]![4]).toBe(broken.number);
    const unz = segments[segments.length - 1]!;
    expect(unz.elements).toEqual([['2'], [componentOf(segments[0]!, 4)]]);

    // The same again: a duplicate, in APERAK words; an error stays JSON.
    const again = await post(file, {
      'content-type': 'application/EDIFACT',
      accept: 'application/EDIFACT',
    });
    expect(again.status).toBe(200);
    const repeated = tokenizeEdifact(await again.text()).segments;
    expect(repeated.filter((s) => s.tag === 'ERC').map((s) => componentOf(s, 0))).toEqual([
      'DUP',
      'ENV',
      'DUP',
      'ENV',
    ]);
    const wrong = await post(file, {
      'content-type': 'application/xml',
      accept: 'application/EDIFACT',
    });
    expect(wrong.status).toBe(415);
    expect(wrong.headers.get('content-type')).toContain('application/json');
  });
});

describe('README "EDIFACT COREOR": the OpenAPI document of the upload', () => {
  it('names the media types it takes and answers, the duplicate answer and the refusals', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is loose JSON
    const document: any = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    const upload = document.paths['/releases/coreor'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual([
      'application/json',
      'application/EDIFACT',
      'text/plain',
      'multipart/form-data',
    ]);
    expect(Object.keys(upload.responses['201'].content)).toEqual([
      'application/json',
      'application/EDIFACT',
    ]);
    expect(upload.responses['200'].description).toContain('duplicate');
    expect(upload.responses['415'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(upload.parameters).toEqual([expect.objectContaining({ name: 'fileName', in: 'query' })]);
    expect(upload.description).toContain('duplicateMessage');
    expect(upload.description).toContain('APERAK D95B');
    expect(document.components.schemas.CoreorAnswer.properties.status.enum).toContain('duplicate');
  });
});
