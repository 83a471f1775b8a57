import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { post } from '../test/sign-in.ts';
import { walletCall } from '../test/wallet-calls.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.stop());

describe('DESIGN §3 "an admin who has unlocked the wallet can add a user": the cloud wallet', () => {
  it('wraps the organisation key only for users of that organisation', async () => {
    const a = await createWalletOrganization(server.knex);
    const b = await createWalletOrganization(server.knex);
    const insert = (organizationId: number, email: string) =>
      server
        .knex('users')
        .insert({ email, first_name: 'New', last_name: 'User', organization_id: organizationId })
        .returning('id')
        .then(([row]) => String(row.id));
    const ours = await insert(a.id, `new-${a.id}@factory.test`);
    const theirs = await insert(b.id, `new-${b.id}@factory.test`);
    const { token } = await post(`${server.baseUrl}/wallet/unlock`, {
      userId: String(a.users[0]!.id),
      password: factoryPassword,
    });
    const addUser = (userId: string) =>
      fetch(`${server.baseUrl}/wallet/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ userId, password: 'initial-password', type: 'user' }),
      });

    const refused = await addUser(theirs);
    expect(refused.status).toBe(403);
    expect(await server.knex('wallet_users').where({ user_id: theirs }).first()).toBeUndefined();

    expect((await addUser(ours)).status).toBe(200);
    const unlocked = await post(`${server.baseUrl}/wallet/unlock`, {
      userId: ours,
      password: 'initial-password',
    });
    expect(unlocked.address).toBe(a.address);
  });
});

describe('issue 42 item 1: wallet tokens', () => {
  it('answers wallet_unauthorized, never a 500, to a malformed or forged token', async () => {
    const org = await createWalletOrganization(server.knex);
    const { body } = await walletCall(server.baseUrl, '/unlock', {
      userId: String(org.users[0]!.id),
      password: factoryPassword,
    });
    const [id, secret] = (body.token as string).split('.') as [string, string];
    const forged = [
      'x',
      '.',
      id,
      `${id}.`,
      `.${secret}`,
      `${id}.${secret}.more`,
      `${id}.${'A'.repeat(43)}`,
      `${'A'.repeat(22)}.${secret}`,
      `${id.slice(0, -1)}!.${secret}`,
      `${id}.${secret}`.replace(/.$/, (last) => (last === 'B' ? 'C' : 'B')),
      'A'.repeat(5_000),
    ];
    for (const token of forged) {
      const answer = await walletCall(server.baseUrl, '/sign', { message: 'x' }, { token });
      expect(answer.status, token).toBe(401);
      expect(answer.body.data.code).toBe('wallet_unauthorized');
      // A lock with it changes nothing: the real token still signs.
      expect((await walletCall(server.baseUrl, '/lock', {}, { token })).status).toBe(200);
    }
    const signed = await walletCall(
      server.baseUrl,
      '/sign',
      { message: 'x' },
      {
        token: body.token,
      },
    );
    expect(signed.status).toBe(200);
  });
});
