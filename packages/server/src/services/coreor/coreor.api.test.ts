import { addDays, todayInBrussels } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { coreorFile, type CoreorContainer } from '../../test/coreor-file.ts';
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
    const answer = await send(coreorFile([{ reference: 'M1', bl, containers: [...good, broken] }]));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      fileName: 'coreor.edi',
      interchangeReference: 'IC000001',
      sender: 'MSCBE',
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
      control_reference: 'IC000001',
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
      coreorFile(
        [
          {
            reference: 'R1',
            bl,
            fn: '5',
            vessel: 'MSC BELLA',
            containers: [{ number: a.number, validUntil: later }, { number: unknown.number }],
          },
          { reference: 'C1', bl, fn: '1', containers: [{ number: b.number }] },
        ],
        'IC000002',
      ),
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
      coreorFile(
        [{ reference: 'C2', bl, fn: '1', containers: [{ number: b.number }] }],
        'IC000003',
      ),
    );
    expect(again.body.messages[0].releases[0].errors[0].reason).toBe('releaseNotFound');
  });

  it('reports a value the create command refuses at the segment that set it', async () => {
    const bl = uniqueBl();
    const answer = await send(
      coreorFile([{ reference: 'M1', bl, containers: [container({ terminal: 'NOPE' })] }]),
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
    const file = coreorFile([{ reference: 'M1', bl, containers: [c] }]);
    const unterminated = await send(file.slice(0, -1));
    expect(unterminated.body).toMatchObject({
      status: 'rejected',
      accepted: 0,
      errors: [{ reason: 'unterminatedSegment', segment: 'UNZ+1+IC000001' }],
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
