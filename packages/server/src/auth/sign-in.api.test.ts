import { getAddress, verifyMessage, Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { callAs } from '../test/client-calls.ts';
import { signIn, walletAnswer } from '../test/sign-in.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

let server: TestServer;
let org: Awaited<ReturnType<typeof createWalletOrganization>>;
let other: Awaited<ReturnType<typeof createWalletOrganization>>;

beforeAll(async () => {
  server = await startTestApp();
  org = await createWalletOrganization(server.knex, { users: [{ isAdmin: true }, {}] });
  other = await createWalletOrganization(server.knex);
});
afterAll(() => server?.stop());

const api = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${server.baseUrl}/api/${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
const authenticate = (body: unknown) =>
  api('authentication', { method: 'POST', body: JSON.stringify(body) });
const errorCode = async (response: Response) =>
  ((await response.json()) as { data?: { code?: string } }).data?.code;

describe('access spec §7 "GET find-user" and §5 "email lowercased and trimmed"', () => {
  it('finds the users of an e-mail with their organisation and wallet', async () => {
    const email = org.users[0]!.email;
    const response = await api(
      `find-user?email=${encodeURIComponent(`  ${email.toUpperCase()} `)}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      total: 1,
      isLimitedToOrgId: false,
      data: [
        {
          id: org.users[0]!.id,
          email,
          organization: { name: org.name, address: org.address, role: 'other', walletUrl: null },
        },
      ],
    });
  });

  it('answers an empty result for an unknown e-mail (the "email not found" message, §8)', async () => {
    const response = await api('find-user?email=nobody%40nowhere.test');
    expect(await response.json()).toEqual({ total: 0, isLimitedToOrgId: false, data: [] });
  });

  it('issue 9 §3: refuses a lookup by id (login links carry a token, see find-user tests)', async () => {
    const response = await api(`find-user?id=${org.users[1]!.id}`);
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('validation_failed');
  });

  it('refuses a lookup without e-mail', async () => {
    const response = await api('find-user');
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('validation_failed');
  });
});

describe('DESIGN §3 "Signing in": the wallet login', () => {
  it('issues a Sign-In with Ethereum message that siwe and ethers verify independently', async () => {
    const answer = await walletAnswer(server.baseUrl, org.users[0]!.id, factoryPassword);
    const siwe = new SiweMessage(answer.message);
    // Issued for, and signed by, the user's personal sign-in key, not the organisation's.
    expect(siwe.address).toBe(answer.userAddress);
    expect(answer.userAddress).not.toBe(getAddress(org.address));
    expect(siwe.domain).toBe(new URL(server.portal.app.get('config').publicUrl).host);
    expect(siwe.chainId).toBe(1);
    const lifetime = Date.parse(siwe.expirationTime!) - Date.parse(siwe.issuedAt!);
    expect(lifetime).toBe(5 * 60_000);
    expect(verifyMessage(answer.message, answer.signature)).toBe(answer.userAddress);
    const verified = await siwe.verify({ signature: answer.signature, nonce: siwe.nonce });
    expect(verified.success).toBe(true);
  });

  it('answers an access token of 15 minutes and the user with organisation, features and subscriptions', async () => {
    const { accessToken, user, twoFactorRequired } = await signIn(
      server.baseUrl,
      org.users[0]!.id,
      factoryPassword,
    );
    expect(twoFactorRequired).toBe(false);
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(15 * 60);
    expect(user).toMatchObject({
      id: org.users[0]!.id,
      organizationAddress: org.address,
      organizationRole: 'other',
      organization: { name: org.name, address: org.address },
      features: { canAuditTrail: true, canTransferRevoke: true },
    });
    // In order, dates as the DATE columns' `YYYY-MM-DD` text (test/factories.ts: plans 1 and 4).
    expect(user.subscriptions).toEqual([
      { subscriptionId: 1, startDate: '2020-01-01', endDate: null, remark: null },
      { subscriptionId: 4, startDate: '2020-01-01', endDate: null, remark: null },
    ]);
    const self = await api(`users/${user.id}`, { token: accessToken });
    expect(self.status).toBe(200);
  });

  it('access spec §7 "user-audit-trail … (login, add driver, etc.)": records each sign-in as a login of that user', async () => {
    const user = org.users[1]!;
    const logins = () =>
      server.knex('user_audit_trail').where({ user_id: user.id, operation: 'login' }).count();
    const [before] = await logins();
    await signIn(server.baseUrl, user.id, factoryPassword);
    const [after] = await logins();
    expect(Number(after!.count)).toBe(Number(before!.count) + 1);
    const row = await server
      .knex('user_audit_trail')
      .where({ user_id: user.id, operation: 'login' })
      .orderBy('id', 'desc')
      .first();
    expect(row.organization_id).toBe(org.id);
  });

  it('refuses a replayed nonce', async () => {
    const { walletToken: _token, ...answer } = await walletAnswer(
      server.baseUrl,
      org.users[0]!.id,
      factoryPassword,
    );
    expect((await authenticate(answer)).status).toBe(201);
    const replay = await authenticate(answer);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toMatch(/already used/);
  });

  it('refuses an expired message', async () => {
    const { walletToken: _token, ...answer } = await walletAnswer(
      server.baseUrl,
      org.users[0]!.id,
      factoryPassword,
    );
    const { nonce } = new SiweMessage(answer.message);
    await server
      .knex('auth_challenges')
      .where({ nonce })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const response = await authenticate(answer);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/expired/);
  });

  it('refuses a signature made by another organisation', async () => {
    const mine = await walletAnswer(server.baseUrl, org.users[0]!.id, factoryPassword);
    const forged = await new Wallet(other.privateKey).signMessage(mine.message);
    const response = await authenticate({
      strategy: 'wallet',
      userId: mine.userId,
      message: mine.message,
      signature: forged,
    });
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('not_authenticated');
  });

  it('refuses a user of another organisation than the one that signed', async () => {
    const { walletToken: _token, ...answer } = await walletAnswer(
      server.baseUrl,
      org.users[0]!.id,
      factoryPassword,
    );
    const response = await authenticate({ ...answer, userId: other.users[0]!.id });
    expect(response.status).toBe(401);
  });

  it('refuses a tampered message', async () => {
    const { walletToken: _token, ...answer } = await walletAnswer(
      server.baseUrl,
      org.users[0]!.id,
      factoryPassword,
    );
    const response = await authenticate({
      ...answer,
      message: answer.message.replace('Sign in', 'Sign  in'),
    });
    expect(response.status).toBe(401);
  });

  it('refuses a missing signature with a validation error', async () => {
    const response = await authenticate({
      strategy: 'wallet',
      userId: org.users[0]!.id,
      message: 'x',
    });
    expect(response.status).toBe(400);
  });
});

describe('access spec §4 "Session": refresh and logout', () => {
  it('answers a new token for the same session on strategy jwt', async () => {
    const first = await signIn(server.baseUrl, org.users[1]!.id, factoryPassword);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new iat needs a new second
    const refreshed = await authenticate({ strategy: 'jwt', accessToken: first.accessToken });
    expect(refreshed.status).toBe(201);
    const body = (await refreshed.json()) as { accessToken: string; user: { id: number } };
    expect(body.accessToken).not.toBe(first.accessToken);
    expect(body.user.id).toBe(org.users[1]!.id);
  });

  it('revokes the session on logout: its tokens stop working', async () => {
    const { accessToken, user } = await signIn(server.baseUrl, org.users[1]!.id, factoryPassword);
    const logout = await api('authentication', { method: 'DELETE', token: accessToken });
    expect(logout.status).toBe(200);
    const after = await api(`users/${user.id}`, { token: accessToken });
    expect(after.status).toBe(401);
    expect(await errorCode(after)).toBe('session_invalid');
    expect((await authenticate({ strategy: 'jwt', accessToken })).status).toBe(401);
  });

  it('refuses a tampered token and a call without one', async () => {
    const { accessToken, user } = await signIn(server.baseUrl, org.users[1]!.id, factoryPassword);
    const tampered = `${accessToken.slice(0, -3)}abc`;
    expect((await api(`users/${user.id}`, { token: tampered })).status).toBe(401);
    expect((await api(`users/${user.id}`)).status).toBe(401);
  });

  it('answers not found for another user id, so ids do not leak', async () => {
    const { accessToken } = await signIn(server.baseUrl, org.users[1]!.id, factoryPassword);
    expect((await api(`users/${org.users[0]!.id}`, { token: accessToken })).status).toBe(404);
  });
});

describe('access spec §2 "EULA dialog" and "Terms dialog", §7 "PATCH users/{id}"', () => {
  it('asks a newcomer to sign the latest EULA and accepts only that one', async () => {
    const [eula] = await server
      .knex('eulas')
      .insert({ version: `test-${Date.now()}`, url: '/legal/eula.html' })
      .returning('id');
    const newcomer = await createWalletOrganization(server.knex, {
      users: [{ newcomer: true, isAdmin: true }],
      fields: { invited_by_msc: true },
    });
    const { accessToken, user } = await signIn(
      server.baseUrl,
      newcomer.users[0]!.id,
      factoryPassword,
    );
    expect(user.eulaToSign).toEqual({ id: eula.id, url: '/legal/eula.html' });
    expect(user.invitedByMsc).toBe(true);
    expect(user.termsAcceptedAt).toBeNull();

    const wrong = await api(`users/${user.id}`, {
      method: 'PATCH',
      token: accessToken,
      body: JSON.stringify({ eulaId: eula.id - 1 }),
    });
    expect(wrong.status).toBe(400);
    const accepted = await api(`users/${user.id}`, {
      method: 'PATCH',
      token: accessToken,
      body: JSON.stringify({ eulaId: eula.id }),
    });
    expect(((await accepted.json()) as { eulaToSign: unknown }).eulaToSign).toBeNull();

    const terms = await api(`users/${user.id}`, {
      method: 'PATCH',
      token: accessToken,
      body: JSON.stringify({ termsAcceptedAt: '1999-01-01T00:00:00Z' }),
    });
    const termsAcceptedAt = ((await terms.json()) as { termsAcceptedAt: string }).termsAcceptedAt;
    expect(Date.now() - Date.parse(termsAcceptedAt)).toBeLessThan(60_000);
  });

  it('refuses changes to other fields', async () => {
    const { accessToken, user } = await signIn(server.baseUrl, org.users[1]!.id, factoryPassword);
    const response = await api(`users/${user.id}`, {
      method: 'PATCH',
      token: accessToken,
      body: JSON.stringify({ isAdmin: true }),
    });
    expect(response.status).toBe(400);
    expect((await server.knex('users').where({ id: user.id }).first()).is_admin).toBe(false);
  });
});

describe('abuse limits on sign-in (issue 3 item 8)', () => {
  it('limits find-user per e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await api('find-user?email=guess%40factory.test')).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
  });

  it('limits challenges per IP', async () => {
    // From an address of its own: the earlier tests' challenges, in a window that may end during
    // this loop on a loaded machine, would blur the count.
    const call = { body: { address: other.address }, localAddress: '127.0.0.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1) {
      statuses.push((await callAs(server.baseUrl, 'authentication-challenges', call)).status);
    }
    expect(statuses).toEqual([...Array<number>(60).fill(201), 429, 429]);
  });

  it('never limits internal calls (issue 42 item 2)', async () => {
    const findUser = server.portal.app.service('find-user');
    const email = org.users[1]!.email;
    for (let i = 0; i < 70; i += 1) {
      expect((await findUser.find({ query: { email } })).total).toBe(1);
    }
  });

  it('takes its limits from SIGN_IN_CALLS_PER_IP_PER_MINUTE and SIGN_IN_LOOKUPS_PER_ACCOUNT', async () => {
    const limited = await startTestApp({
      env: { SIGN_IN_CALLS_PER_IP_PER_MINUTE: '4', SIGN_IN_LOOKUPS_PER_ACCOUNT: '2' },
    });
    try {
      const statuses: number[] = [];
      for (const who of ['ann', 'ann', 'ann', 'bob', 'cas']) {
        statuses.push(
          (await fetch(`${limited.baseUrl}/api/find-user?email=${who}%40factory.test`)).status,
        );
      }
      // Ann's third lookup is over her account's two; Bob's is his first; Cas's is the address's fifth.
      expect(statuses).toEqual([200, 200, 429, 200, 429]);
    } finally {
      await limited.stop();
    }
  });
});
