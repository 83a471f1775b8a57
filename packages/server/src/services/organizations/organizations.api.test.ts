import { createOrganisationKeys, standardScryptN } from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, randomAddress, testScryptN } from '../../test/factories.ts';
import { createOrganization as createCloudOrganization } from './create-organization.ts';
import { signIn } from '../../test/sign-in.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { adminCast, apiCaller, signedInOrganization, unique } from '../../test/admin-kit.ts';

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

  it('lets support edit any field; a cloud-wallet organisation keeps its identity (address)', async () => {
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
    // Only an organisation on its own wallet registers the keys it printed (register-keys).
    expect(identity.body.data.fields).toEqual({ address: 'validation.cloudWalletKeys' });
  });
});

describe('DESIGN §3 "Keys and the ID wallet": the cloud wallet\'s scrypt cost', () => {
  // Test apps seal keystores at the tests' cost (createApp's walletScryptN); a portal, which
  // never passes it, keeps Web3 Secret Storage's standard N = 2^17.
  const scryptCosts = async (userId: number) => {
    const row = await server
      .knex('wallet_users')
      .where({ user_id: String(userId) })
      .first();
    return [row.keystore, row.user_keystore].map(
      (keystore: string) => JSON.parse(keystore).Crypto.kdfparams.n as number,
    );
  };
  const newOrganization = (email: string) => ({
    name: unique('Kostprijs BV'),
    role: 'other' as const,
    walletUrl: null,
    firstAdmin: { email, firstName: 'Lotte', lastName: 'Claes', password: 'initial-password-1' },
  });

  it("seals a new organisation's first admin at the standard cost (2^17) unless the app was given a cost", async () => {
    const standard = await createCloudOrganization(server.knex, newOrganization('std@cost.test'));
    expect(await scryptCosts(standard.firstAdminId)).toEqual([standardScryptN, standardScryptN]);
    const lowered = await createCloudOrganization(server.knex, newOrganization('low@cost.test'), {
      scryptN: testScryptN,
    });
    expect(await scryptCosts(lowered.firstAdminId)).toEqual([testScryptN, testScryptN]);
    // What the organisations service passes on in a test app.
    expect(server.portal.app.get('walletScryptN')).toBe(testScryptN);
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

/** Another organisation with what a transfer target shows (releases spec §3 "Other lookups"). */
const targetOrganization = (name: string, role = 'other') =>
  createOrganization(server.knex, {
    name,
    role,
    sealing_public_key: `sealing-${name}`,
    street_nbr: `${name} street 1`,
    postal_code: '2000',
    city: 'Antwerpen',
  });

const connect = (
  from: { id: number },
  to: { id: number },
  status: 'requested' | 'finalized',
  references: { reference?: string; customer_reference?: string } = {},
) =>
  server.knex('organization_connections').insert({
    organization_id: from.id,
    connected_organization_id: to.id,
    status,
    ...references,
  });

/** A forwarder with a connection each way, a requested one and a stranger; names sort a → d. */
async function forwarderCast() {
  const tag = unique('Lookup').replace(' ', '');
  const forwarder = await signedInOrganization(server, { fields: { city: 'Gent' } });
  const asked = await targetOrganization(`${tag} b asked by us`);
  const askedUs = await targetOrganization(`${tag} a asked us`, 'carrier');
  const requested = await targetOrganization(`${tag} c requested`);
  const stranger = await targetOrganization(`${tag} d stranger`);
  await connect(forwarder, asked, 'finalized', {
    reference: 'REF-1',
    customer_reference: 'CUST-1',
  });
  await connect(askedUs, forwarder, 'finalized');
  await connect(forwarder, requested, 'requested');
  return { forwarder, asked, askedUs, requested, stranger };
}

const lookupOf = (
  row: { id: number; name: string; address: string },
  role: string,
  references: { reference?: string; customerReference?: string } = {},
) => ({
  id: row.id,
  name: row.name,
  address: row.address,
  role,
  sealingPublicKey: `sealing-${row.name}`,
  streetNumber: `${row.name} street 1`,
  postalCode: '2000',
  city: 'Antwerpen',
  reference: references.reference ?? null,
  customerReference: references.customerReference ?? null,
});

const byAddresses = (addresses: string[]) =>
  `organizations?${addresses.map((address) => `address[$in][]=${address}`).join('&')}`;

describe('organizations for the releases area (releases spec §3 "Other lookups", §7 organizations)', () => {
  it('releases spec §7 organizations get 0: a forwarder sees its own organisation and its finalised connections both ways, by name, with sealing keys', async () => {
    const { forwarder, asked, askedUs } = await forwarderCast();
    // Any signed-in user: here the forwarder's plain user, who may not use the admin section.
    const answer = await api('organizations/0', { token: forwarder.tokens[1] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: forwarder.id,
      name: forwarder.name,
      address: forwarder.address,
      role: 'other',
      sealingPublicKey: expect.any(String),
      streetNumber: null,
      postalCode: null,
      city: 'Gent',
      connections: [
        lookupOf(askedUs, 'carrier'),
        lookupOf(asked, 'other', { reference: 'REF-1', customerReference: 'CUST-1' }),
      ],
    });
    const row = await server.knex('organizations').where({ id: forwarder.id }).first();
    expect(answer.body.sealingPublicKey).toBe(row.sealing_public_key);
    // The requested connection and the stranger are not transfer targets.
    expect((await api('organizations/0', { token: forwarder.tokens[0] })).body).toEqual(
      answer.body,
    );
  });

  it('releases spec §7 organizations get 0: a carrier transfers too (spec §5), a terminal gets an empty list (spec §6)', async () => {
    const tag = unique('Targets');
    const carrier = await signedInOrganization(server, { role: 'carrier', users: [{}] });
    const terminal = await signedInOrganization(server, { role: 'terminal', users: [{}] });
    const forwarder = await targetOrganization(`${tag} forwarder`);
    await connect(carrier, forwarder, 'finalized');
    await connect(forwarder, terminal, 'finalized');
    const carriers = await api('organizations/0', { token: carrier.tokens[0] });
    expect(carriers.body.connections).toEqual([lookupOf(forwarder, 'other')]);
    const terminals = await api('organizations/0', { token: terminal.tokens[0] });
    expect(terminals.status).toBe(200);
    expect(terminals.body).toMatchObject({ id: terminal.id, role: 'terminal', connections: [] });
    const ownOnly = await api(byAddresses([forwarder.address, terminal.address]), {
      token: terminal.tokens[0],
    });
    expect(ownOnly.body.data.map((o: { id: number }) => o.id)).toEqual([terminal.id]);
  });

  it('releases spec §7 organizations find by addresses: answers its own and finalised connections, any case, and omits every other organisation', async () => {
    const { forwarder, asked, askedUs, requested, stranger } = await forwarderCast();
    const answer = await api(
      byAddresses([
        asked.address,
        askedUs.address.toLowerCase(),
        requested.address,
        stranger.address,
        forwarder.address,
        randomAddress(),
      ]),
      { token: forwarder.tokens[1] },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 3, skip: 0 });
    expect(answer.body.data).toEqual([
      lookupOf(askedUs, 'carrier'),
      lookupOf(asked, 'other', { reference: 'REF-1', customerReference: 'CUST-1' }),
      expect.objectContaining({
        id: forwarder.id,
        reference: null,
        sealingPublicKey: expect.any(String),
      }),
    ]);
    // One address as a plain string; an unconnected one is simply absent, not refused.
    const hidden = await api(`organizations?address=${stranger.address}`, {
      token: forwarder.tokens[1],
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ total: 0, data: [] });
    const one = await api(`organizations?address=${asked.address}`, { token: forwarder.tokens[1] });
    expect(one.body.data).toEqual([
      lookupOf(asked, 'other', { reference: 'REF-1', customerReference: 'CUST-1' }),
    ]);
  });

  it('releases spec §7 organizations find by addresses: up to 100 in one call, all in one page; more, or a malformed one, answers 400', async () => {
    const { forwarder, asked } = await forwarderCast();
    const many = [...Array.from({ length: 99 }, randomAddress), asked.address];
    const answer = await api(byAddresses(many), { token: forwarder.tokens[1] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 1, limit: 100, data: [{ id: asked.id }] });
    const tooMany = await api(byAddresses([...many, randomAddress()]), {
      token: forwarder.tokens[1],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.code).toBe('validation_failed');
    const malformed = await api('organizations?address=not-an-address', {
      token: forwarder.tokens[1],
    });
    expect(malformed.status).toBe(400);
    expect((await api(`organizations?address=${asked.address}`)).status).toBe(401);
  });

  it('releases spec §7 organizations: the admin behaviour is unchanged, and support may look up any address', async () => {
    const { forwarder, asked, requested, stranger } = await forwarderCast();
    const { support } = await adminCast(server);
    const list = await api('organizations', { token: forwarder.tokens[0] });
    const byId = new Map(list.body.data.map((o: { id: number }) => [o.id, o]));
    expect(byId.get(forwarder.id)).toMatchObject({ access: 'full' });
    expect(byId.get(asked.id)).toMatchObject({ access: 'summary' });
    expect(byId.get(requested.id)).toMatchObject({ access: 'summary' });
    expect(byId.has(stranger.id)).toBe(false);
    expect((await api(`organizations/${stranger.id}`, { token: forwarder.tokens[0] })).status).toBe(
      404,
    );
    for (const path of ['organizations', `organizations/${forwarder.id}`]) {
      expect((await api(path, { token: forwarder.tokens[1] })).status).toBe(403);
    }
    const found = await api(`organizations?address=${stranger.address}`, { token: support });
    expect(found.body.data).toEqual([lookupOf(stranger, 'other')]);
    const supportList = await api(`organizations?search=${encodeURIComponent(stranger.name)}`, {
      token: support,
    });
    expect(supportList.body.data).toEqual([expect.objectContaining({ access: 'full' })]);
  });
});

const byIds = (ids: number[]) => `organizations?${ids.map((id) => `id[$in][]=${id}`).join('&')}`;

/** An API key of the organisation, made by its admin (`tokens[0]`). */
async function apiKeyOf(org: { tokens: string[] }, scopes: string[]) {
  const created = await api('api-keys', {
    method: 'POST',
    token: org.tokens[0],
    body: { name: unique('ERP'), scopes },
  });
  expect(created.status).toBe(201);
  return created.body.key as string;
}

describe('releases spec §7 organizations find by list of ids, and by a system', () => {
  it('releases spec §7 organizations find by list of ids: its own and finalised connections, omitting every other; with addresses both must match', async () => {
    const { forwarder, asked, askedUs, requested, stranger } = await forwarderCast();
    const asking = { token: forwarder.tokens[1] };
    const answer = await api(
      byIds([asked.id, askedUs.id, requested.id, stranger.id, forwarder.id, 2_147_483_000]),
      asking,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ total: 3, skip: 0, limit: 100 });
    expect(answer.body.data).toEqual([
      lookupOf(askedUs, 'carrier'),
      lookupOf(asked, 'other', { reference: 'REF-1', customerReference: 'CUST-1' }),
      expect.objectContaining({ id: forwarder.id, address: forwarder.address }),
    ]);
    // One id as a plain value; a stranger's id is absent, as its address is.
    const one = await api(`organizations?id=${asked.id}`, asking);
    expect(one.body.data).toEqual([
      lookupOf(asked, 'other', { reference: 'REF-1', customerReference: 'CUST-1' }),
    ]);
    expect((await api(`organizations?id=${stranger.id}`, asking)).body).toMatchObject({
      total: 0,
      data: [],
    });
    // Ids and addresses together: an organisation must be named by both.
    const both = await api(
      `${byIds([asked.id, askedUs.id])}&address[$in][]=${asked.address}&address[$in][]=${stranger.address}`,
      asking,
    );
    expect(both.body.data.map((o: { id: number }) => o.id)).toEqual([asked.id]);
    // Up to 100 ids (a query string past 20 is read back as the list it was); more, or not
    // ids at all, answer 400.
    const many = await api(
      byIds([...Array.from({ length: 99 }, (_, i) => 2e9 + i), asked.id]),
      asking,
    );
    expect(many.body).toMatchObject({ total: 1, data: [{ id: asked.id }] });
    for (const path of [
      byIds(Array.from({ length: 101 }, (_, i) => 2e9 + i)),
      'organizations?id=abc',
      'organizations?id=0',
      'organizations?id[$in][]=1.5',
    ]) {
      const refused = await api(path, asking);
      expect(refused.status, path).toBe(400);
      expect(refused.body.data.code).toBe('validation_failed');
    }
    // A terminal finds only itself by id, as by address.
    const terminal = await signedInOrganization(server, { role: 'terminal', users: [{}] });
    await connect(asked, terminal, 'finalized');
    const terminals = await api(byIds([asked.id, terminal.id]), { token: terminal.tokens[0] });
    expect(terminals.body.data.map((o: { id: number }) => o.id)).toEqual([terminal.id]);
  });

  it('releases spec §7 organizations: a system’s releases:read key finds by ids or addresses and gets 0 within its organisation’s reach; the admin finds and keys without the scope are refused', async () => {
    const { forwarder, asked, askedUs, stranger } = await forwarderCast();
    const key = await apiKeyOf(forwarder, ['releases:read']);
    const byKey = (path: string) => api(path, { apiKey: key });
    const found = await byKey(byIds([asked.id, askedUs.id, stranger.id]));
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toEqual([
      lookupOf(askedUs, 'carrier'),
      lookupOf(asked, 'other', { reference: 'REF-1', customerReference: 'CUST-1' }),
    ]);
    const byAddress = await byKey(byAddresses([stranger.address, askedUs.address]));
    expect(byAddress.body.data).toEqual([lookupOf(askedUs, 'carrier')]);
    const own = await byKey('organizations/0');
    expect(own.status).toBe(200);
    expect(own.body).toEqual((await api('organizations/0', { token: forwarder.tokens[1] })).body);
    // What only people do: the admin list and search, an organisation by id, the order page's
    // lookups, and every change.
    for (const path of [
      'organizations',
      `organizations?search=${encodeURIComponent(stranger.name)}`,
      `organizations/${forwarder.id}`,
      'organizations?field=Lookup',
      `organizations?address=${forwarder.address}&countUsers=true`,
    ]) {
      const refused = await byKey(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.data.code).toBe('forbidden');
    }
    const patched = await api(`organizations/${forwarder.id}`, {
      method: 'PATCH',
      apiKey: key,
      body: { city: 'Brugge' },
    });
    expect(patched.status).toBe(401);
    const unscoped = await apiKeyOf(forwarder, ['gate:write']);
    const noScope = await api(byIds([asked.id]), { apiKey: unscoped });
    expect(noScope.status).toBe(403);
    expect(noScope.body.data.code).toBe('forbidden');
  });
});
