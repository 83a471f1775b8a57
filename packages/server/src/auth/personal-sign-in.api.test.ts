import { request } from 'node:http';
import { getAddress, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { post, signIn, walletAnswer } from '../test/sign-in.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

let server: TestServer;
let org: Awaited<ReturnType<typeof createWalletOrganization>>;

beforeAll(async () => {
  server = await startTestApp();
  // An admin, a plain member (the attacker inside the customer) and a member with e-mail 2FA.
  org = await createWalletOrganization(server.knex, {
    users: [{ isAdmin: true }, {}, { twoFactorByEmail: true }],
  });
});
afterAll(() => server?.stop());

const admin = () => org.users[0]!;
const member = () => org.users[1]!;
const twoFactor = () => org.users[2]!;

/** A POST from a chosen loopback address, so tests can be two different clients. */
function postFrom(localAddress: string, path: string, body: unknown) {
  const url = new URL(`${server.baseUrl}${path}`);
  return new Promise<{ status: number; body: { message?: string; data?: { code?: string } } }>(
    (resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress,
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    },
  );
}

const authenticate = (body: unknown) => postFrom('127.0.0.1', '/api/authentication', body);
const challengeFor = async (address: string) =>
  (await post(`${server.baseUrl}/api/authentication-challenges`, { address })).message as string;

describe('issue 9 §1, DESIGN §3 "Signing in": a member cannot sign in as another member', () => {
  it('refuses the reproduction: a member signs a challenge with the organisation key and names the admin', async () => {
    // The member opens its own wallet: it holds the organisation key (every member does).
    const unlocked = await post(`${server.baseUrl}/wallet/unlock`, {
      userId: String(member().id),
      password: factoryPassword,
    });
    expect(unlocked.address).toBe(getAddress(org.address));
    // The wallet no longer signs a sign-in message with the organisation key...
    const message = await challengeFor(org.address);
    const refused = await fetch(`${server.baseUrl}/wallet/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${unlocked.token}` },
      body: JSON.stringify({ message }),
    });
    expect(refused.status).toBe(403);
    // ...and the member who takes the key out of its own keystore gets nowhere with it either.
    const organisationKey = new Wallet(org.privateKey);
    for (const address of [org.address, await adminSignInAddress()]) {
      const challenge = await challengeFor(address);
      const answer = await authenticate({
        strategy: 'wallet',
        userId: admin().id,
        message: challenge,
        signature: await organisationKey.signMessage(challenge),
      });
      expect(answer.status).toBe(401);
      expect(answer.body.data?.code).toBe('not_authenticated');
    }
  });

  it("refuses a member's own personal signature sent with another member's id", async () => {
    const own = await walletAnswer(server.baseUrl, member().id, factoryPassword);
    const answer = await authenticate({
      strategy: 'wallet',
      userId: admin().id,
      message: own.message,
      signature: own.signature,
    });
    expect(answer.status).toBe(401);
    // The member's own sign-in still works, as itself.
    const signedIn = await signIn(server.baseUrl, member().id, factoryPassword);
    expect(signedIn.user.id).toBe(member().id);
    expect(signedIn.user.isAdmin).toBe(false);
  });

  it("cannot skip another member's e-mail code that way", async () => {
    const own = await walletAnswer(server.baseUrl, member().id, factoryPassword);
    const asTwoFactorUser = await authenticate({
      strategy: 'wallet',
      userId: twoFactor().id,
      message: own.message,
      signature: own.signature,
    });
    expect(asTwoFactorUser.status).toBe(401);
    const challenge = await challengeFor(org.address);
    const withOrganisationKey = await authenticate({
      strategy: 'wallet',
      userId: twoFactor().id,
      message: challenge,
      signature: await new Wallet(org.privateKey).signMessage(challenge),
    });
    expect(withOrganisationKey.status).toBe(401);
    // The person itself signs in, and still owes the code.
    const real = await signIn(server.baseUrl, twoFactor().id, factoryPassword);
    expect(real.twoFactorRequired).toBe(true);
  });

  it('normalises ids before anything: "04", " 4", 4.5 and numbers past 2^53 are refused', async () => {
    const own = await walletAnswer(server.baseUrl, member().id, factoryPassword);
    for (const userId of [
      `0${member().id}`,
      ` ${member().id}`,
      `${member().id}.0`,
      4.5,
      '9007199254740993',
      Number.MAX_SAFE_INTEGER + 1,
      -1,
      { $gt: 0 },
    ]) {
      const answer = await authenticate({ ...own, userId });
      expect(answer.status, `userId ${JSON.stringify(userId)}`).toBe(400);
    }
  });
});

async function adminSignInAddress(): Promise<string> {
  const row = await server.knex('users').where({ id: admin().id }).first('sign_in_address');
  return row.sign_in_address as string;
}

describe('issue 9 §1: the portal records each sign-in address, and existing users migrate', () => {
  it('records a distinct personal address for every wallet user', async () => {
    const rows = await server
      .knex('users')
      .whereIn(
        'id',
        org.users.map((user) => user.id),
      )
      .pluck('sign_in_address');
    expect(new Set(rows).size).toBe(org.users.length);
    for (const address of rows) expect(address).not.toBe(getAddress(org.address));
  });

  it('a cloud-wallet user made before personal keys gets its key at the next unlock', async () => {
    const older = await createWalletOrganization(server.knex);
    const id = older.users[0]!.id;
    await server
      .knex('wallet_users')
      .where({ user_id: String(id) })
      .update({ user_address: null, user_keystore: null });
    await server.knex('users').where({ id }).update({ sign_in_address: null });
    const signedIn = await signIn(server.baseUrl, id, factoryPassword);
    expect(signedIn.user.id).toBe(id);
    const { sign_in_address: recorded } = await server
      .knex('users')
      .where({ id })
      .first('sign_in_address');
    const { user_address: walletAddress } = await server
      .knex('wallet_users')
      .where({ user_id: String(id) })
      .first('user_address');
    expect(recorded).toBe(walletAddress);
    // The next sign-in uses the same key.
    expect((await signIn(server.baseUrl, id, factoryPassword)).user.id).toBe(id);
  });

  it('refuses a user whose sign-in key is not registered, saying so', async () => {
    const own = await walletAnswer(server.baseUrl, member().id, factoryPassword);
    const saved = await server.knex('users').where({ id: member().id }).first('sign_in_address');
    await server.knex('users').where({ id: member().id }).update({ sign_in_address: null });
    try {
      const answer = await authenticate(own);
      expect(answer.status).toBe(401);
      expect(answer.body.data?.code).toBe('sign_in_key_unregistered');
    } finally {
      await server.knex('users').where({ id: member().id }).update(saved);
    }
  });
});

describe('issue 9 §2, issue 42 item 2: guessing stops', () => {
  it('refuses a correct wallet password to the client that failed, with the time to wait, and never to another client', async () => {
    const target = await createWalletOrganization(server.knex);
    const userId = String(target.users[0]!.id);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push(
        (await postFrom('127.0.0.4', '/wallet/unlock', { userId, password: `guess-${i}` })).status,
      );
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    const right = await postFrom('127.0.0.4', '/wallet/unlock', {
      userId,
      password: factoryPassword,
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/wait \d+ seconds/);
    // Another spelling of the same id is the same counter.
    const padded = await postFrom('127.0.0.4', '/wallet/unlock', {
      userId: `00${userId}`,
      password: factoryPassword,
    });
    expect(padded.status).toBe(429);
    // No lock-out of others: the user, from elsewhere, unlocks at once.
    const elsewhere = await postFrom('127.0.0.5', '/wallet/unlock', {
      userId,
      password: factoryPassword,
    });
    expect(elsewhere.status).toBe(200);
  });

  it("counts sign-in failures per client address: a stranger's bad posts do not lock a real user out", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const answer = await postFrom('127.0.0.3', '/api/authentication', {
        strategy: 'wallet',
        userId: admin().id,
        message: 'x',
        signature: 'y',
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body.message).toMatch(/wait \d+ seconds/);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // The admin, from its own address, signs in at once.
    const real = await signIn(server.baseUrl, admin().id, factoryPassword);
    expect(real.user.id).toBe(admin().id);
    // The stranger stays refused, even naming nobody in particular.
    const again = await postFrom('127.0.0.3', '/api/authentication', {
      strategy: 'wallet',
      userId: member().id,
      message: 'x',
      signature: 'y',
    });
    expect(again.status).toBe(429);
  });
});
