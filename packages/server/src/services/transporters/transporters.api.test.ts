import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, tokenFor } from '../../test/admin-kit.ts';
import { createWalletOrganization } from '../../test/factories.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

/** A transport organisation (role other, Premium: every flag) with an admin and a user. */
const haulier = () => signedInOrganization(server);

const post = (path: string, token: string, body: unknown) =>
  api(path, { method: 'POST', token, body });
const patch = (path: string, token: string, body: unknown) =>
  api(path, { method: 'PATCH', token, body });

const jan = { firstName: 'Jan', lastName: 'Peeters', email: 'jan@haulier.be', alfaPass: '12345' };

describe('access spec §7 "Transporters": drivers', () => {
  it('creates, lists by is_active, gets and edits a driver; alfaPass kept as typed', async () => {
    const org = await haulier();
    const created = await post('drivers', org.tokens[1]!, { ...jan, phone: ' 0470 12 34 56 ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      isNew: true,
      result: {
        firstName: 'Jan',
        lastName: 'Peeters',
        name: 'Jan Peeters',
        phone: '0470 12 34 56',
        alfaPass: '12345',
        isActive: true,
        identificationRequired: false,
        organization_address: org.address,
      },
    });
    const id = created.body.result.id;
    expect((await api('drivers?is_active=true', { token: org.tokens[0] })).body).toHaveLength(1);
    expect((await api('drivers?is_active=false', { token: org.tokens[0] })).body).toEqual([]);
    const edited = await patch(`drivers/${id}`, org.tokens[0]!, { alfaPass: '012345' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ result: { alfaPass: '012345' }, removedReleases: [] });
    expect((await api(`drivers/${id}`, { token: org.tokens[1] })).body.alfaPass).toBe('012345');
  });

  it('access spec §2: a driver without alfaPass nor itsme code is flagged "Identification required"', async () => {
    const org = await haulier();
    const created = await post('drivers', org.tokens[0]!, { firstName: 'Piet', lastName: 'Smet' });
    expect(created.body.result).toMatchObject({ identificationRequired: true, alfaPass: null });
  });

  it('access spec §5 "Driver": names required, e-mail an address, phone a telephone, alfaPass 5 or 6 digits', async () => {
    const org = await haulier();
    const answer = await post('drivers', org.tokens[0]!, {
      firstName: ' ',
      lastName: '',
      email: 'not-an-address',
      phone: 'call me',
      alfaPass: '1234',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toMatchObject({
      code: 'validation_failed',
      fields: {
        firstName: 'transporters.validation.firstNameRequired',
        lastName: 'transporters.validation.lastNameRequired',
        email: 'transporters.validation.emailInvalid',
        phone: 'transporters.validation.phoneInvalid',
        alfaPass: 'transporters.validation.alfaPassFormat',
      },
    });
    const long = await post('drivers', org.tokens[0]!, {
      firstName: 'A',
      lastName: 'B',
      alfaPass: '1234567',
    });
    expect(long.body.data.fields).toEqual({ alfaPass: 'transporters.validation.alfaPassFormat' });
  });

  it('access spec §5: sending an itsme link without e-mail answers "Missing email address"', async () => {
    const org = await haulier();
    const created = await post('drivers', org.tokens[0]!, { firstName: 'Piet', lastName: 'Smet' });
    const answer = await patch(`drivers/${created.body.result.id}`, org.tokens[0]!, {
      sendItsmeLink: true,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.fields).toEqual({ email: 'transporters.validation.emailMissing' });
    const onCreate = await post('drivers', org.tokens[0]!, {
      firstName: 'Els',
      lastName: 'Maes',
      sendItsmeLink: true,
    });
    expect(onCreate.body.data.fields).toEqual({ email: 'transporters.validation.emailMissing' });
  });

  it('access spec §4: copyItsmeLink and sendItsmeLink answer the registration link', async () => {
    const org = await haulier();
    const created = await post('drivers', org.tokens[0]!, { ...jan, alfaPass: null });
    const id = created.body.result.id;
    const copied = await patch(`drivers/${id}`, org.tokens[0]!, { copyItsmeLink: true });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(copied.body.link).toMatch(/^https?:\/\//);
    const sent = await patch(`drivers/${id}`, org.tokens[0]!, { sendItsmeLink: true });
    expect(sent.status).toBe(200);
    expect(sent.body.link).toMatch(/^https?:\/\//);
    expect(sent.body.link).not.toBe(copied.body.link);
  });

  it('an itsme code is never typed in: only the registration sets it', async () => {
    const org = await haulier();
    const created = await post('drivers', org.tokens[0]!, { firstName: 'Piet', lastName: 'Smet' });
    const answer = await patch(`drivers/${created.body.result.id}`, org.tokens[0]!, {
      itsmeCode: 'forged',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.fields).toEqual({
      itsmeCode: 'transporters.validation.itsmeByRegistration',
    });
  });

  it('refuses unknown fields and wrong types with a 400, never a 500', async () => {
    const org = await haulier();
    for (const body of [{ ...jan, role: 'x' }, { ...jan, alfaPass: 12345 }, { firstName: 'A' }]) {
      const answer = await post('drivers', org.tokens[0]!, body);
      expect(answer.status).toBe(400);
    }
    expect((await api('drivers?is_active=maybe', { token: org.tokens[0] })).status).toBe(400);
  });
});

describe('access spec §5 "Duplicate driver", §7 create answer, §8 "already exists"', () => {
  for (const [label, other] of [
    ['same first and last name, other case', { firstName: 'JAN', lastName: 'peeters' }],
    ['same e-mail', { firstName: 'Other', lastName: 'Name', email: 'JAN@haulier.be' }],
    ['same phone digits', { firstName: 'Other', lastName: 'Name', phone: '+32-470/12.34.56' }],
  ] as const) {
    it(`${label}: isNew false saying the driver already exists, then created when confirmed`, async () => {
      const org = await haulier();
      await post('drivers', org.tokens[0]!, { ...jan, phone: '+32 470 12 34 56' });
      const duplicate = await post('drivers', org.tokens[1]!, other);
      expect(duplicate.status).toBe(201);
      expect(duplicate.body).toEqual({
        isNew: false,
        result: null,
        existingIdentification: '12345',
        existingIdentificationType: 'alfapass',
        existingName: 'Jan Peeters',
        code: 'driver_already_exists',
        key: 'backend.error.driver_already_exists',
        message: 'A driver with this name, e-mail address or phone number already exists.',
      });
      expect((await api('drivers', { token: org.tokens[0] })).body).toHaveLength(1);
      const confirmed = await post('drivers', org.tokens[1]!, { ...other, confirmed: true });
      expect(confirmed.body.isNew).toBe(true);
      expect((await api('drivers', { token: org.tokens[0] })).body).toHaveLength(2);
    });
  }

  it("another organisation's driver is no duplicate", async () => {
    const [a, b] = await Promise.all([haulier(), haulier()]);
    await post('drivers', a.tokens[0]!, jan);
    expect((await post('drivers', b.tokens[0]!, jan)).body.isNew).toBe(true);
  });
});

describe('access spec §5 "Barge" and "Train", §8 "already exists"', () => {
  it('a barge needs a name and an ENI number of exactly 8 characters', async () => {
    const org = await haulier();
    const missing = await post('barges', org.tokens[0]!, { name: '', eniNumber: '' });
    expect(missing.body.data.fields).toEqual({
      name: 'transporters.validation.nameRequired',
      eniNumber: 'transporters.validation.eniNumberRequired',
    });
    const short = await post('barges', org.tokens[0]!, { name: 'Rhenus 4', eniNumber: '1234567' });
    expect(short.body.data.fields).toEqual({
      eniNumber: 'transporters.validation.eniNumberLength',
    });
    const created = await post('barges', org.tokens[0]!, {
      name: 'Rhenus 4',
      eniNumber: '02324567',
    });
    expect(created.body).toMatchObject({
      isNew: true,
      result: {
        name: 'Rhenus 4',
        eniNumber: '02324567',
        identification: '02324567',
        isActive: true,
      },
    });
  });

  it('a second barge with the same ENI number answers 409 barge_already_exists', async () => {
    const org = await haulier();
    await post('barges', org.tokens[0]!, { name: 'Rhenus 4', eniNumber: '02324567' });
    const again = await post('barges', org.tokens[1]!, { name: 'Other', eniNumber: '02324567' });
    expect(again.status).toBe(409);
    expect(again.body.data).toMatchObject({
      code: 'barge_already_exists',
      key: 'backend.error.barge_already_exists',
    });
    const other = await post('barges', org.tokens[1]!, { name: 'Other', eniNumber: '02324568' });
    const renamed = await patch(`barges/${other.body.result.id}`, org.tokens[1]!, {
      eniNumber: '02324567',
    });
    expect(renamed.status).toBe(409);
  });

  it('a train needs a name and a train code; the same code twice answers 409', async () => {
    const org = await haulier();
    const missing = await post('trains', org.tokens[0]!, { name: ' ', trainCode: '' });
    expect(missing.body.data.fields).toEqual({
      name: 'transporters.validation.nameRequired',
      trainCode: 'transporters.validation.trainCodeRequired',
    });
    const created = await post('trains', org.tokens[0]!, { name: 'Lineas 12', trainCode: 'LN12' });
    expect(created.body.result).toMatchObject({ trainCode: 'LN12', identification: 'LN12' });
    const again = await post('trains', org.tokens[0]!, { name: 'Lineas 13', trainCode: 'LN12' });
    expect(again.status).toBe(409);
    expect(again.body.data.code).toBe('train_already_exists');
  });
});

describe('access spec §6: scoping, roles and feature flags', () => {
  it("another organisation's transporter answers not found, and its list is not shown", async () => {
    const [a, b] = await Promise.all([haulier(), haulier()]);
    const driver = await post('drivers', a.tokens[0]!, jan);
    const barge = await post('barges', a.tokens[0]!, { name: 'Rhenus 4', eniNumber: '02324567' });
    const id = driver.body.result.id;
    expect((await api(`drivers/${id}`, { token: b.tokens[0] })).status).toBe(404);
    expect((await patch(`drivers/${id}`, b.tokens[0]!, { isActive: false })).status).toBe(404);
    expect(
      (await patch(`barges/${barge.body.result.id}`, b.tokens[0]!, { name: 'x' })).status,
    ).toBe(404);
    expect((await api('drivers', { token: b.tokens[0] })).body).toEqual([]);
    expect((await api(`drivers/${id}`, { token: a.tokens[1] })).status).toBe(200);
  });

  it('carriers and terminals are refused (403), as are callers without a session (401)', async () => {
    const [carrier, terminal] = await Promise.all([
      signedInOrganization(server, { role: 'carrier' }),
      signedInOrganization(server, { role: 'terminal' }),
    ]);
    for (const org of [carrier, terminal]) {
      expect((await api('drivers', { token: org.tokens[0] })).status).toBe(403);
      expect((await post('trains', org.tokens[0]!, { name: 'a', trainCode: 'b' })).status).toBe(
        403,
      );
    }
    expect((await api('barges')).status).toBe(401);
  });

  for (const [path, flag] of [
    ['drivers', 'canAssignDriver'],
    ['barges', 'canAssignBarge'],
    ['trains', 'canAssignTrain'],
  ] as const) {
    it(`${path} needs ${flag} (403 subscription_required); the other kinds stay open`, async () => {
      const org = await createWalletOrganization(server.knex, { users: [{ isAdmin: true }] });
      await server
        .knex('organization_features')
        .insert({ organization_id: org.id, feature: flag, enabled: false });
      const token = await tokenFor(server, org.users[0]!.id);
      const refused = await api(path, { token });
      expect(refused.status).toBe(403);
      expect(refused.body.data.code).toBe('subscription_required');
      const others = ['drivers', 'barges', 'trains'].filter((other) => other !== path);
      for (const other of others) expect((await api(other, { token })).status).toBe(200);
    });
  }
});

describe('access spec §7 "user-audit-trail": add, edit and deactivate are recorded', () => {
  it('records add driver, edit driver and deactivate driver with the user', async () => {
    const org = await haulier();
    const created = await post('drivers', org.tokens[1]!, jan);
    const id = created.body.result.id;
    await patch(`drivers/${id}`, org.tokens[1]!, { phone: '0470123456' });
    const deactivated = await patch(`drivers/${id}`, org.tokens[1]!, { isActive: false });
    expect(deactivated.body).toMatchObject({ result: { isActive: false }, removedReleases: [] });
    const trail = await server
      .knex('user_audit_trail')
      .where({ organization_id: org.id })
      .orderBy('id');
    expect(trail.map((entry) => [entry.operation, entry.user_id])).toEqual([
      ['add driver', org.users[1]!.id],
      ['edit driver', org.users[1]!.id],
      ['deactivate driver', org.users[1]!.id],
    ]);
    expect(trail[0].description).toMatchObject({
      id,
      name: 'Jan Peeters',
      identification: '12345',
    });
    expect((await api('drivers?is_active=false', { token: org.tokens[0] })).body).toHaveLength(1);
  });

  it('records add, edit and deactivate for barges and trains', async () => {
    const org = await haulier();
    const barge = await post('barges', org.tokens[0]!, { name: 'Rhenus 4', eniNumber: '02324567' });
    await patch(`barges/${barge.body.result.id}`, org.tokens[0]!, { name: 'Rhenus 5' });
    await patch(`barges/${barge.body.result.id}`, org.tokens[0]!, { isActive: false });
    const train = await post('trains', org.tokens[0]!, { name: 'Lineas 12', trainCode: 'LN12' });
    await patch(`trains/${train.body.result.id}`, org.tokens[0]!, { isActive: false });
    const operations = await server
      .knex('user_audit_trail')
      .where({ organization_id: org.id })
      .orderBy('id')
      .pluck('operation');
    expect(operations).toEqual([
      'add barge',
      'edit barge',
      'deactivate barge',
      'add train',
      'deactivate train',
    ]);
  });
});
