import { createOrganisationKeys } from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { adminCast, apiCaller, unique } from '../admin-common/test-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

const firstAdmin = (email: string) => ({
  email: `  ${email.toUpperCase()} `,
  firstName: 'Lotte',
  lastName: 'Claes',
  preferredLanguage: 'nl',
  password: 'initial-password-1',
});

describe('organizations: support creates and edits (access spec §3 "Organisation")', () => {
  it('creates a cloud-wallet organisation whose first admin signs in with the initial password', async () => {
    const { support } = await adminCast(server);
    const email = `${unique('first').replace(' ', '-')}@new-org.test`;
    const created = await api('organizations', {
      method: 'POST',
      token: support,
      body: {
        name: unique('Nieuwe Expeditie BV'),
        role: 'other',
        vat: 'BE0123456789',
        streetNbr: 'Kaai 12',
        postalCode: '2000',
        city: 'Antwerpen',
        country: 'BE',
        walletUrl: null,
        invitedByMsc: true,
        firstAdmin: firstAdmin(email),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ access: 'full', role: 'other', userCount: 1 });
    expect(created.body.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(created.body.sealingPublicKey).toBeTruthy();
    const admin = await server.knex('users').where({ organization_id: created.body.id }).first();
    expect(admin).toMatchObject({ email, is_admin: true, preferred_language: 'nl' });
    // The private key exists only inside the first admin's keystore.
    const row = await server.knex('organizations').where({ id: created.body.id }).first();
    expect(Object.keys(row).some((column) => /private/i.test(column))).toBe(false);
    const session = await signIn(server.baseUrl, admin.id, 'initial-password-1');
    expect(session.user.organizationAddress).toBe(created.body.address);
  });

  it('creates an on-premise organisation with the address and key its wallet printed', async () => {
    const { support } = await adminCast(server);
    const keys = await createOrganisationKeys();
    const body = {
      name: unique('On Premise NV'),
      role: 'carrier',
      walletUrl: 'https://wallet.on-premise.test',
      address: keys.address,
      sealingPublicKey: keys.sealingPublicKey,
      firstAdmin: { email: 'it@on-premise.test', firstName: 'Jan', lastName: 'Peeters' },
    };
    const created = await api('organizations', { method: 'POST', token: support, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      address: keys.address,
      walletUrl: 'https://wallet.on-premise.test',
    });
    const { address: _address, ...withoutKeys } = body;
    const refused = await api('organizations', {
      method: 'POST',
      token: support,
      body: { ...withoutKeys, name: unique('No keys') },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toHaveProperty('address');
  });

  it('refuses bad input with field keys and creates nothing', async () => {
    const { support } = await adminCast(server);
    const name = unique('Broken');
    const answer = await api('organizations', {
      method: 'POST',
      token: support,
      body: {
        name,
        role: 'pirate',
        walletUrl: null,
        country: 'Belgium',
        firstAdmin: { ...firstAdmin('x@y.test'), password: 'short' },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('validation_failed');
    expect(Object.keys(answer.body.data.fields)).toEqual(
      expect.arrayContaining(['role', 'country', 'firstAdmin.password']),
    );
    expect(await server.knex('organizations').where({ name }).first()).toBeUndefined();
  });

  it('lists every organisation to support, searchable by name or VAT, a page at a time', async () => {
    const { support } = await adminCast(server);
    const tag = unique('Zoekbaar').replace(' ', '');
    for (const index of [1, 2, 3]) {
      await createOrganization(server.knex, { name: `${tag} ${index}`, vat: `BE${tag}${index}` });
    }
    const page = await api(`organizations?search=${tag}&$limit=2&$skip=0`, { token: support });
    expect(page.body).toMatchObject({ total: 3, limit: 2, skip: 0 });
    expect(page.body.data.map((o: { name: string }) => o.name)).toEqual([`${tag} 1`, `${tag} 2`]);
    const byVat = await api(`organizations?search=BE${tag}3`, { token: support });
    expect(byVat.body.data.map((o: { name: string }) => o.name)).toEqual([`${tag} 3`]);
  });

  it('lets support edit any field but the identity (address)', async () => {
    const { support, b } = await adminCast(server);
    const answer = await api(`organizations/${b.id}`, {
      method: 'PATCH',
      token: support,
      body: { name: 'Renamed by support', invitedByMsc: true },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Renamed by support', invitedByMsc: true });
    const identity = await api(`organizations/${b.id}`, {
      method: 'PATCH',
      token: support,
      body: { address: '0x0000000000000000000000000000000000000001' },
    });
    expect(identity.status).toBe(400);
  });
});

describe('organizations: what an organisation admin may (access spec §6)', () => {
  it('shows an admin its own organisation in full and connected ones only by name and address', async () => {
    const { a, b } = await adminCast(server);
    const stranger = await createOrganization(server.knex);
    await server
      .knex('organization_connections')
      .insert({ organization_id: a.id, connected_organization_id: b.id });
    const list = await api('organizations', { token: a.tokens[0] });
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data.map((o: { id: number }) => [o.id, o]));
    expect(byId.get(a.id)).toMatchObject({ access: 'full', userCount: 2 });
    expect(byId.get(b.id)).toEqual({
      id: b.id,
      name: b.name,
      address: b.address,
      role: 'other',
      access: 'summary',
    });
    expect(byId.has(stranger.id)).toBe(false);
    expect((await api(`organizations/${b.id}`, { token: a.tokens[0] })).body.access).toBe(
      'summary',
    );
    const hidden = await api(`organizations/${stranger.id}`, { token: a.tokens[0] });
    expect(hidden.status).toBe(404);
    expect(hidden.body.data.code).toBe('not_found');
  });

  it('lets an admin search any organisation by name to connect to, seeing only name and address', async () => {
    const { a } = await adminCast(server);
    const target = await createOrganization(server.knex, {
      name: unique('Target Logistics'),
      vat: 'BE999',
      city: 'Gent',
    });
    const found = await api(`organizations?search=${encodeURIComponent(target.name)}`, {
      token: a.tokens[0],
    });
    expect(found.body.data).toEqual([
      {
        id: target.id,
        name: target.name,
        address: target.address,
        role: 'other',
        access: 'summary',
      },
    ]);
  });

  it("lets an admin edit its own organisation's address fields, nothing else, and no other organisation", async () => {
    const { a, b } = await adminCast(server);
    const own = await api(`organizations/${a.id}`, {
      method: 'PATCH',
      token: a.tokens[0],
      body: { streetNbr: 'Nieuwe Kaai 4', postalCode: '9000', city: 'Gent', country: 'BE' },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ streetNbr: 'Nieuwe Kaai 4', city: 'Gent' });
    const rename = await api(`organizations/${a.id}`, {
      method: 'PATCH',
      token: a.tokens[0],
      body: { name: 'Self-promoted', city: 'Brugge' },
    });
    expect(rename.status).toBe(403);
    expect(rename.body.data.code).toBe('forbidden');
    const other = await api(`organizations/${b.id}`, {
      method: 'PATCH',
      token: a.tokens[0],
      body: { city: 'Elsewhere' },
    });
    expect(other.status).toBe(404);
  });

  it('refuses organisation create to an admin, and every organisation call to a plain user', async () => {
    const { a } = await adminCast(server);
    const create = await api('organizations', {
      method: 'POST',
      token: a.tokens[0],
      body: {
        name: 'Not allowed',
        role: 'other',
        walletUrl: null,
        firstAdmin: firstAdmin('no@no.test'),
      },
    });
    expect(create.status).toBe(403);
    for (const path of ['organizations', `organizations/${a.id}`, 'organizations?search=a']) {
      const answer = await api(path, { token: a.tokens[1] });
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('forbidden');
    }
    expect((await api('organizations')).status).toBe(401);
  });
});
