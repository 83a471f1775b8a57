import { addDays, releaseMessages, todayInBrussels } from '@scr/domain';
import { getAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  releasePayload,
  releaseTerminal,
  uniqueBl,
  uniqueContainer,
} from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { ledgerEvents } from '../../ledger/ledger.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let terminal: string;
const today = todayInBrussels();

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  // Releases spec §6: Secure Pick-up needs both the terminal and the carrier enabled.
  carrier = await signedInOrganization(server, {
    role: 'carrier',
    fields: { secure_pickup_enabled: true },
  });
  terminal = await releaseTerminal(server.knex, { securePickup: true });
});
afterAll(() => server?.stop());

const create = (body: unknown, token = carrier.tokens[1]) =>
  api('releases', { method: 'POST', token, body });

/** A payload with unique BL and container, with `container` fields set (or removed when undefined). */
async function payload(container: Record<string, string | null | undefined> = {}) {
  const body = await releasePayload(server.knex, { pickupLocation: terminal });
  for (const [field, value] of Object.entries(container)) {
    if (value === undefined) delete (body.container as Record<string, unknown>)[field];
    else (body.container as Record<string, unknown>)[field] = value;
  }
  return body;
}

describe('releases create (releases spec §7 "releases create", §3 "Create payload")', () => {
  it('creates a release and answers it as the carrier sees it', async () => {
    const body = await payload({ validFrom: today, validUntil: addDays(today, 10) });
    body.billOfLading.vessel = 'MSC Anna';
    const answer = await create(body);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      version: 1,
      blNumber: body.billOfLading.blNumber,
      containerNumber: body.container.containerNumber,
      vessel: 'MSC Anna',
      pickupLocation: terminal,
      pickupPort: 'BEANR',
      validFrom: today,
      validUntil: addDays(today, 10),
      releasedOn: today,
      releaseStatus: 'released',
      transferStatus: 'owned',
      receivedFrom: null,
      transferTo: null,
      isSecurePickup: true,
      sentToPcs: false,
      hasPincode: false,
    });
    expect(answer.body.address).toBe(getAddress(answer.body.address));
    const release = await server.knex('releases').where({ address: answer.body.address }).first();
    expect(release).toMatchObject({
      carrier_organization_id: carrier.id,
      owner_organization_id: carrier.id,
      created_by_user_id: carrier.users[1]!.id,
    });
    const parties = await server.knex('release_parties').where({ release_id: release.id });
    expect(parties).toEqual([
      expect.objectContaining({
        organization_id: carrier.id,
        position: 0,
        transfer_status: 'owned',
        active: true,
        bill_of_lading_id: release.bill_of_lading_id,
        valid_until: addDays(today, 10),
        release_status: 'released',
        search_text:
          `${body.billOfLading.blNumber} ${body.container.containerNumber} msc anna ${terminal}`.toLowerCase(),
      }),
    ]);
  });

  it('applies the defaults of releases spec §5 and §9 when fields are absent: 20DV, valid from today until today + 60 days', async () => {
    const answer = await create(await payload({ validFrom: undefined, validUntil: undefined }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      isoTypeCode: '20DV',
      validFrom: today,
      validUntil: addDays(today, 60),
    });
  });

  it.each([
    ['blNumber', { blNumber: '' }, 'blNumberRequired'],
    ['containerNumber', { containerNumber: ' ' }, 'containerNumberRequired'],
    ['pickupLocation', { pickupLocation: '' }, 'pickupLocationRequired'],
    ['validFrom', { validFrom: '' }, 'validFromRequired'],
    ['validUntil', { validUntil: '' }, 'validUntilRequired'],
    ['isoTypeCode', { isoTypeCode: `40'HC` }, 'isoTypeQuotes'],
    ['isoTypeCode', { isoTypeCode: '40"HC' }, 'isoTypeQuotes'],
    [
      'validUntil',
      { validFrom: addDays(today, 5), validUntil: addDays(today, 2) },
      'validUntilBeforeFrom',
    ],
    ['validUntil', { validFrom: addDays(today, -3), validUntil: today }, 'validUntilInPast'],
    ['pickupLocation', { pickupLocation: 'NO-SUCH-TERMINAL' }, 'invalidTerminal'],
    ['validUntil', { validUntil: '31/12/2030' }, 'invalidApiDate'],
  ] as const)(
    'releases spec §5: refuses a bad %s with 400 validation_failed and its message (%j)',
    async (field, fields, key) => {
      const body = await payload();
      for (const [name, value] of Object.entries(fields)) {
        if (name === 'blNumber') body.billOfLading.blNumber = value;
        else (body.container as Record<string, unknown>)[name] = value;
      }
      const answer = await create(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(releaseMessages[key]);
      expect(answer.body.data).toMatchObject({
        code: 'validation_failed',
        fields: { [field]: `releases.validation.${key}` },
      });
      const stored = await server
        .knex('releases')
        .where({ container_number: body.container.containerNumber ?? '' })
        .first();
      expect(stored).toBeUndefined();
    },
  );

  it.each([
    ['MSCU1234567', 'checkDigit', 'Wrong check digit: for MSCU123456 it is 6 (MSCU1234566)'],
    [
      'MSCU12345660',
      'containerNumberLength',
      'A container number has 11 characters, like CSQU3054383 (this one has 12)',
    ],
  ])(
    'issue 15: refuses the container number %s (%s), the message naming what is expected',
    async (containerNumber, key, message) => {
      const answer = await create(await payload({ containerNumber }));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.body.data.fields).toEqual({
        containerNumber: `releases.validation.${key}`,
      });
    },
  );

  it('issue 15: keeps a container number as ISO 6346 writes it', async () => {
    const answer = await create(await payload({ containerNumber: ' csqu 305438-3' }));
    expect(answer.status).toBe(201);
    expect(answer.body.containerNumber).toBe('CSQU3054383');
  });

  it('releases spec §7 "create (one or an array)": creates an array all or nothing, naming the index of each bad one', async () => {
    const good = [await payload(), await payload()];
    const bad = await payload({ validUntil: today });
    const refused = await create([good[0], bad, good[1]]);
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual({
      '1.validUntil': 'releases.validation.validUntilInPast',
    });
    expect(refused.body.message).toBe(`Release 2: ${releaseMessages.validUntilInPast}`);
    const none = await server.knex('releases').whereIn(
      'container_number',
      good.map((item) => item.container.containerNumber!),
    );
    expect(none).toHaveLength(0);

    const created = await create(good);
    expect(created.status).toBe(201);
    expect(created.body.map((row: { containerNumber: string }) => row.containerNumber)).toEqual(
      good.map((item) => item.container.containerNumber),
    );
  });

  it('keeps one BL per carrier and BL number for its containers, filling in BL fields sent later', async () => {
    const blNumber = uniqueBl();
    const first = await create({
      billOfLading: { blNumber, vessel: 'Ever Given' },
      container: { containerNumber: uniqueContainer(), pickupLocation: terminal },
    });
    const second = await create({
      billOfLading: { blNumber, voyageNumber: 'V7' },
      container: { containerNumber: uniqueContainer(), pickupLocation: terminal },
    });
    expect(second.body.billOfLadingId).toBe(first.body.billOfLadingId);
    expect(second.body).toMatchObject({ vessel: 'Ever Given', voyageNumber: 'V7' });
  });

  it('refuses a container already live on the same BL with 409 already_exists, and takes it again once deleted', async () => {
    const body = await payload();
    expect((await create(body)).status).toBe(201);
    const again = await create(body);
    expect(again.status).toBe(409);
    expect(again.body.data).toMatchObject({
      code: 'already_exists',
      fields: { containerNumber: 'backend.error.already_exists' },
    });
    const twice = await create([await payload(), body]);
    expect(twice.status).toBe(409);
    expect(twice.body.data.fields).toEqual({ '1.containerNumber': 'backend.error.already_exists' });

    const [release] = await server
      .knex('releases')
      .where({ container_number: body.container.containerNumber! });
    await api(`releases/${release.address}`, { method: 'DELETE', token: carrier.tokens[1] });
    expect((await create(body)).status).toBe(201);
  });

  it('refuses fields outside the create payload, and a creator other than the caller', async () => {
    const body = await payload();
    const extra = await create({
      ...body,
      container: { ...body.container, releaseStatus: 'gateout' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.data.fields).toEqual({
      'container.releaseStatus': 'validation.additionalProperties',
    });
    const other = await create({ ...body, creator: '0x0000000000000000000000000000000000000001' });
    expect(other.status).toBe(403);
    expect((await create({ ...body, creator: carrier.address.toLowerCase() })).status).toBe(201);
  });
});

describe('releases spec §7 "releases create": the JSON API takes dates as YYYY-MM-DD', () => {
  it('tells a date sent as the dialog types it (01/05/2027) the API’s form, not the typed one', async () => {
    const answer = await create({
      billOfLading: { blNumber: uniqueBl(), vessel: 'MSC Anna' },
      container: {
        containerNumber: uniqueContainer(),
        pickupLocation: terminal,
        validFrom: '01/05/2027',
        validUntil: addDays(today, 30),
      },
      creator: carrier.address,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toMatchObject({
      code: 'validation_failed',
      fields: { validFrom: 'releases.validation.invalidApiDate' },
    });
    expect(answer.body.message).toBe('Please send a date as YYYY-MM-DD, like 2027-12-31');
    expect(answer.body.message).not.toContain('DD/MM/YYYY');
  });
});

describe('who may create releases (releases spec §6, DESIGN §4 "carriers\' systems")', () => {
  it('is for carriers only: a forwarder or a terminal gets 403 forbidden, a visitor 401', async () => {
    const forwarder = await signedInOrganization(server, { role: 'other' });
    const operator = await signedInOrganization(server, { role: 'terminal' });
    const body = await payload();
    for (const token of [forwarder.tokens[0], operator.tokens[0]]) {
      const answer = await create(body, token);
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('forbidden');
    }
    expect((await api('releases', { method: 'POST', body })).status).toBe(401);
    expect(
      await server
        .knex('releases')
        .where({ container_number: body.container.containerNumber! })
        .first(),
    ).toBeUndefined();
  });

  it("takes a carrier system's API key with releases:write, and records the key in the ledger", async () => {
    const key = await apiKey(carrier.tokens[0]!, ['releases:write', 'releases:read']);
    const answer = await api('releases', {
      method: 'POST',
      apiKey: key.key,
      body: await payload(),
    });
    expect(answer.status).toBe(201);
    const release = await server.knex('releases').where({ address: answer.body.address }).first();
    expect(release).toMatchObject({ created_by_user_id: null, created_by_api_key_id: key.id });
    const event = await ledgerEvents(server.knex).where({ release_id: release.id }).first();
    expect(event).toMatchObject({ actor: `api-key:${key.id}`, user_id: null });
    expect(JSON.parse(event.statement).details).toMatchObject({
      apiKeyId: key.id,
      creator: carrier.address,
    });
    const read = await api(`releases/${answer.body.address}`, { apiKey: key.key });
    expect(read.status).toBe(200);
  });

  it('refuses a key without releases:write, and a releases:write key of an organisation that is no carrier', async () => {
    const readOnly = await apiKey(carrier.tokens[0]!, ['releases:read']);
    const without = await api('releases', {
      method: 'POST',
      apiKey: readOnly.key,
      body: await payload(),
    });
    expect(without.status).toBe(403);
    expect(without.body.message).toContain('releases:write');
    const forwarder = await signedInOrganization(server, { role: 'other' });
    const notCarrier = await apiKey(forwarder.tokens[0]!, ['releases:write']);
    const refused = await api('releases', {
      method: 'POST',
      apiKey: notCarrier.key,
      body: await payload(),
    });
    expect(refused.status).toBe(403);
  });
});

async function apiKey(adminToken: string, scopes: string[]) {
  const answer = await api('api-keys', {
    method: 'POST',
    token: adminToken,
    body: { name: `carrier system ${scopes.join(' ')}`, scopes },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; key: string };
}

describe('issue 10 item 1: the pincode check is the domain’s, as the create form shows it', () => {
  // NUL and over-long ones are refused before, by the schema and the bad-input hook (issue 9 §7).
  it.each(['', '\t', '12\u200b34'])(
    'refuses the pincode %j with releases.validation.pincodeFormat',
    async (pincode) => {
      const answer = await create(await payload({ pincode }));
      expect(answer.status).toBe(400);
      expect(answer.body.data).toMatchObject({
        code: 'validation_failed',
        fields: { pincode: 'releases.validation.pincodeFormat' },
      });
    },
  );
});
