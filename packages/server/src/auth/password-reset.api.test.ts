import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../test/admin-kit.ts';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { post, signIn } from '../test/sign-in.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

let server: TestServer;
let org: Awaited<ReturnType<typeof createWalletOrganization>>;
const wallet = () => `${server.baseUrl}/wallet`;

beforeAll(async () => {
  server = await startTestApp();
  org = await createWalletOrganization(server.knex, { users: [{ isAdmin: true }, {}] });
});
afterAll(() => server?.stop());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status: number }) => error.status,
  );

describe('access spec §2 "Forgot password?": an admin resets a cloud-wallet user\'s password', () => {
  it('the user signs in with the new password only, under a newly recorded sign-in key; old sessions end', async () => {
    const [admin, member] = org.users;
    const oldSession = await tokenFor(server, member!.id);
    const preferences = () =>
      fetch(`${server.baseUrl}/api/preferences`, {
        headers: { authorization: `Bearer ${oldSession}` },
      });
    expect((await preferences()).status).toBe(200);
    const before = await server.knex('users').where({ id: member!.id }).first('sign_in_address');
    const unlocked = await post(`${wallet()}/unlock`, {
      userId: String(admin!.id),
      password: factoryPassword,
    });

    const reset = await post(
      `${wallet()}/users/password`,
      { userId: String(member!.id), password: 'a-new-password' },
      unlocked.token,
    );

    const after = await server.knex('users').where({ id: member!.id }).first('sign_in_address');
    expect(after.sign_in_address).toBe(reset.userAddress);
    expect(after.sign_in_address).not.toBe(before.sign_in_address);
    expect(await refusal(signIn(server.baseUrl, member!.id, factoryPassword))).toBe(401);
    const signedIn = await signIn(server.baseUrl, member!.id, 'a-new-password');
    expect(signedIn.user.id).toBe(member!.id);
    expect((await preferences()).status).toBe(401);
  });

  it("refuses a user of another organisation: the admin's key does not open it", async () => {
    const other = await createWalletOrganization(server.knex, { users: [{ isAdmin: true }] });
    const unlocked = await post(`${wallet()}/unlock`, {
      userId: String(org.users[0]!.id),
      password: factoryPassword,
    });
    const status = await refusal(
      post(
        `${wallet()}/users/password`,
        { userId: String(other.users[0]!.id), password: 'a-new-password' },
        unlocked.token,
      ),
    );
    expect(status).toBe(404);
    expect((await signIn(server.baseUrl, other.users[0]!.id, factoryPassword)).user.id).toBe(
      other.users[0]!.id,
    );
  });
});
