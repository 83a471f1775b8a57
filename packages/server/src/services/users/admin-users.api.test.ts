import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletOrganization, factoryPassword } from '../../test/factories.ts';
import { post, signIn } from '../../test/sign-in.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { adminCast, apiCaller, signedInOrganization, unique } from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

const newEmail = () => `${unique('invitee').replace(' ', '-')}@invited.test`;

const invite = (token: string, body: Record<string, unknown>) =>
  api('users', { method: 'POST', token, body });

describe('users: inviting with an initial wallet password (access spec §6, DESIGN §3 "Keys and the ID wallet")', () => {
  it('an admin invites a user, unlocks its wallet, adds the keystore, and the new user signs in', async () => {
    const org = await createWalletOrganization(server.knex, { users: [{ isAdmin: true }] });
    const adminSession = await signIn(server.baseUrl, org.users[0]!.id, factoryPassword);
    const email = newEmail();
    const invited = await invite(adminSession.accessToken, {
      email: `  ${email.toUpperCase()}`,
      firstName: 'Nele',
      lastName: 'Janssens',
      twoFactorAuth: null,
      preferredLanguage: 'fr',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email,
      isAdmin: false,
      isActive: true,
      organizationId: org.id,
      preferredLanguage: 'fr',
      wallet: 'missing',
    });
    // The browser of the admin: unlock its own wallet, wrap the key for the new user.
    const unlocked = await post(`${server.baseUrl}/wallet/unlock`, {
      userId: String(org.users[0]!.id),
      password: factoryPassword,
    });
    const added = await post(
      `${server.baseUrl}/wallet/users`,
      { userId: String(invited.body.id), password: 'first-password-9', type: 'user' },
      unlocked.token,
    );
    expect(added).toEqual({ userId: String(invited.body.id), userAddress: expect.any(String) });
    // The cloud wallet recorded the new user's personal sign-in address with the portal.
    const recorded = await server.knex('users').where({ id: invited.body.id }).first();
    expect(recorded.sign_in_address).toBe(added.userAddress);
    const listed = await api(`users?search=${encodeURIComponent(email)}`, {
      token: adminSession.accessToken,
    });
    expect(listed.body.data[0]).toMatchObject({ id: invited.body.id, wallet: 'ready' });
    const session = await signIn(server.baseUrl, invited.body.id, 'first-password-9');
    expect(session.user).toMatchObject({ email, organizationId: org.id, isAdmin: false });
  });

  it('refuses a plain user adding a wallet user (only a wallet admin wraps the key)', async () => {
    const org = await createWalletOrganization(server.knex, { users: [{ isAdmin: true }, {}] });
    const unlocked = await post(`${server.baseUrl}/wallet/unlock`, {
      userId: String(org.users[1]!.id),
      password: factoryPassword,
    });
    const refused = await fetch(`${server.baseUrl}/wallet/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${unlocked.token}` },
      body: JSON.stringify({ userId: '999999', password: 'whatever-123', type: 'user' }),
    });
    expect(refused.status).toBe(403);
  });

  it('lets support invite into any organisation; the keystore then waits for that organisation’s admin', async () => {
    const { support, b } = await adminCast(server);
    const invited = await invite(support, {
      organizationId: b.id,
      email: newEmail(),
      firstName: 'Sara',
      lastName: 'De Smet',
      isAdmin: true,
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ organizationId: b.id, isAdmin: true, wallet: 'missing' });
  });

  it('validates the invitation with field keys', async () => {
    const { a } = await adminCast(server);
    const answer = await invite(a.tokens[0]!, {
      email: 'not-an-address',
      firstName: '',
      lastName: 'X',
      twoFactorAuth: 'sms',
      password: 'never sent to the server',
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.data.fields)).toEqual(
      expect.arrayContaining(['firstName', 'twoFactorAuth', 'password']),
    );
    const email = await invite(a.tokens[0]!, {
      email: 'not-an-address',
      firstName: 'A',
      lastName: 'B',
    });
    expect(email.body.data.fields).toEqual({ email: 'validation.email' });
  });

  it('answers 409 already_exists for an e-mail the organisation already has', async () => {
    const { a } = await adminCast(server);
    const email = newEmail();
    expect((await invite(a.tokens[0]!, { email, firstName: 'A', lastName: 'B' })).status).toBe(201);
    const again = await invite(a.tokens[0]!, { email, firstName: 'A', lastName: 'B' });
    expect(again.status).toBe(409);
    expect(again.body.data.code).toBe('already_exists');
  });
});

describe('users: tenant isolation and who may (access spec §6, DESIGN §3 "Tenancy and authorisation")', () => {
  it("answers 404 to an admin for another organisation's users", async () => {
    const { a, b } = await adminCast(server);
    const patch = await api(`users/${b.users[1]!.id}`, {
      method: 'PATCH',
      token: a.tokens[0],
      body: { isActive: false },
    });
    expect(patch.status).toBe(404);
    expect(patch.body.data.code).toBe('not_found');
    expect((await api(`users?organizationId=${b.id}`, { token: a.tokens[0] })).status).toBe(404);
    const own = await api('users', { token: a.tokens[0] });
    expect(own.body.data.map((u: { id: number }) => u.id).sort()).toEqual(
      a.users.map((u) => u.id).sort(),
    );
    const into = await invite(a.tokens[0]!, {
      organizationId: b.id,
      email: newEmail(),
      firstName: 'A',
      lastName: 'B',
    });
    expect(into.status).toBe(403);
  });

  it('refuses a plain user with 403, and keeps a plain user’s own patch to EULA and terms', async () => {
    const { a } = await adminCast(server);
    expect((await api('users', { token: a.tokens[1] })).status).toBe(403);
    const created = await invite(a.tokens[1]!, {
      email: newEmail(),
      firstName: 'A',
      lastName: 'B',
    });
    expect(created.status).toBe(403);
    const selfPromotion = await api(`users/${a.users[1]!.id}`, {
      method: 'PATCH',
      token: a.tokens[1],
      body: { isAdmin: true },
    });
    expect(selfPromotion.status).toBe(400);
    const terms = await api(`users/${a.users[1]!.id}`, {
      method: 'PATCH',
      token: a.tokens[1],
      body: { termsAcceptedAt: new Date().toISOString() },
    });
    expect(terms.status).toBe(200);
    expect(terms.body.termsAcceptedAt).toBeTruthy();
  });

  it('lets only support grant support rights', async () => {
    const { a, support } = await adminCast(server);
    const grant = await api(`users/${a.users[1]!.id}`, {
      method: 'PATCH',
      token: a.tokens[0],
      body: { isSupport: true },
    });
    expect(grant.status).toBe(403);
    const bySupport = await api(`users/${a.users[1]!.id}`, {
      method: 'PATCH',
      token: support,
      body: { isSupport: true },
    });
    expect(bySupport.status).toBe(200);
    expect(bySupport.body.isSupport).toBe(true);
  });
});

describe('users: editing and deactivating (access spec §3 "Logged-in user")', () => {
  it('deactivates instead of deleting, and the user’s session ends at once', async () => {
    const org = await signedInOrganization(server);
    const [admin, member] = org.tokens as [string, string];
    expect((await api(`users/${org.users[1]!.id}`, { token: member })).status).toBe(200);
    const answer = await api(`users/${org.users[1]!.id}`, {
      method: 'PATCH',
      token: admin,
      body: { isActive: false, firstName: '  Renamed ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ isActive: false, firstName: 'Renamed' });
    expect((await api(`users/${org.users[1]!.id}`, { token: member })).status).toBe(401);
    expect(await server.knex('users').where({ id: org.users[1]!.id }).first()).toBeTruthy();
    const reactivated = await api(`users/${org.users[1]!.id}`, {
      method: 'PATCH',
      token: admin,
      body: { isActive: true },
    });
    expect(reactivated.body.isActive).toBe(true);
    // The old session stays ended.
    expect((await api(`users/${org.users[1]!.id}`, { token: member })).status).toBe(401);
  });

  it('registers an on-premise wallet user’s sign-in address once; only support replaces it (DESIGN §3, issue 9 §1)', async () => {
    const cast = await adminCast(server);
    const onPremise = await signedInOrganization(server, {
      fields: { wallet_url: 'https://wallet.on-premise.test' },
    });
    const [admin, member] = onPremise.tokens as [string, string];
    const memberId = onPremise.users[1]!.id;
    await server.knex('users').where({ id: memberId }).update({ sign_in_address: null });
    const register = (token: string, signInAddress: string, id = memberId) =>
      api(`users/${id}`, { method: 'PATCH', token, body: { signInAddress } });
    const first = Wallet.createRandom().address;
    const second = Wallet.createRandom().address;

    // A plain member cannot register a key, not even its own (its own record takes only the
    // EULA and terms fields).
    expect((await register(member, first)).status).toBe(400);
    expect((await register(onPremise.tokens[1]!, first, onPremise.users[0]!.id)).status).toBe(404);
    expect((await register(admin, 'not-an-address')).status).toBe(400);
    const registered = await register(admin, first.toLowerCase());
    expect(registered.status).toBe(200);
    expect(registered.body.signInAddress).toBe(first);
    // The admin cannot replace it (that would let an admin become a member)...
    const replaced = await register(admin, second);
    expect(replaced.status).toBe(409);
    // ...support can, and the member's sessions signed in with the old key end.
    expect((await api(`users/${memberId}`, { token: member })).status).toBe(200);
    expect((await register(cast.support, second)).status).toBe(200);
    expect((await api(`users/${memberId}`, { token: member })).status).toBe(401);
    const row = await server.knex('users').where({ id: memberId }).first('sign_in_address');
    expect(row.sign_in_address).toBe(second);
    // Another organisation's admin does not even see the user.
    expect((await register(cast.a.tokens[0]!, first)).status).toBe(404);
    // The cloud wallet records its users' keys itself: nobody registers one by hand.
    const cloudMember = cast.a.users[1]!.id;
    const cloud = await register(cast.a.tokens[0]!, first, cloudMember);
    expect(cloud.status).toBe(400);
    expect(cloud.body.data.fields).toEqual({ signInAddress: 'validation.cloudWalletSignInKey' });
  });

  it('keeps an admin from removing its own admin right or deactivating itself', async () => {
    const org = await signedInOrganization(server);
    const answer = await api(`users/${org.users[0]!.id}`, {
      method: 'PATCH',
      token: org.tokens[0],
      body: { isAdmin: false, isActive: false },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.fields).toEqual({
      isAdmin: 'validation.self',
      isActive: 'validation.self',
    });
  });
});
