import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../test/factories.ts';
import { signIn } from '../test/sign-in.ts';
import { spawnWallet, type ServerProcess } from '../test/spawn-server.ts';
import { startTestApp, tempDir, type TestServer } from '../test/start-app.ts';

let server: TestServer;
let wallet: ServerProcess | undefined;
const walletDataDir = tempDir('scr-wallet-');
const password = 'on-premise-password';

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  wallet?.child.kill('SIGTERM');
  await wallet?.exited;
  await server?.stop();
  rmSync(walletDataDir, { recursive: true, force: true });
});

describe('DESIGN §3 "Keys and the ID wallet": an organisation hosting its own wallet', () => {
  it('signs in through `npm run wallet` on its own premises, with CORS for the portal only', async () => {
    const org = await createOrganization(server.knex);
    const [user] = await server
      .knex('users')
      .insert({
        email: `onprem-${org.id}@factory.test`,
        first_name: 'On',
        last_name: 'Premise',
        organization_id: org.id,
        is_admin: true,
      })
      .returning('id');

    // The organisation creates its key and first admin on its own machine...
    const walletEnv = { WALLET_DATA_DIR: walletDataDir, WALLET_PASSWORD: password };
    const init = spawnWallet(['init', '--user-id', String(user.id)], walletEnv);
    expect((await init.exited).code).toBe(0);
    const keys = JSON.parse(init.output().trim().split('\n').at(-1)!) as {
      address: string;
      sealingPublicKey: string;
      users: { userId: string; userAddress: string }[];
    };
    expect(keys.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The first admin's personal sign-in key (DESIGN §3), to register with the portal too.
    expect(keys.users).toEqual([
      { userId: String(user.id), userAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) },
    ]);
    expect(keys.users[0]!.userAddress).not.toBe(keys.address);
    // `user-address` prints it again, for an organisation re-registering its users.
    const again = spawnWallet(['user-address', '--user-id', String(user.id)], walletEnv);
    expect((await again.exited).code).toBe(0);
    expect(JSON.parse(again.output().trim().split('\n').at(-1)!)).toEqual(keys.users[0]);

    // ...serves it, and registers its address, sealing key and wallet URL with the portal.
    const portalOrigin = server.portal.app.get('config').publicUrl;
    wallet = spawnWallet([], { ...walletEnv, WALLET_ALLOWED_ORIGINS: portalOrigin });
    const walletUrl = `http://127.0.0.1:${await wallet.port()}`;
    await server.knex('organizations').where({ id: org.id }).update({
      address: keys.address,
      sealing_public_key: keys.sealingPublicKey,
      wallet_url: walletUrl,
    });
    // Support registers the admin's sign-in address (Users → Edit; tested in admin-users).
    await server
      .knex('users')
      .where({ id: user.id })
      .update({ sign_in_address: keys.users[0]!.userAddress });

    const found = (await (
      await fetch(`${server.baseUrl}/api/find-user?email=onprem-${org.id}%40factory.test`)
    ).json()) as {
      data: { organization: { walletUrl: string } }[];
    };
    expect(found.data[0]!.organization.walletUrl).toBe(walletUrl);

    const { accessToken, user: signedIn } = await signIn(
      server.baseUrl,
      user.id,
      password,
      walletUrl,
    );
    expect(accessToken).toBeTruthy();
    expect(signedIn.organizationAddress).toBe(keys.address);

    // The cloud wallet of the portal knows nothing of this organisation's key.
    const cloud = await fetch(`${server.baseUrl}/wallet/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: String(user.id), password }),
    });
    expect(cloud.status).toBe(401);

    const preflight = (origin: string) =>
      fetch(`${walletUrl}/unlock`, { method: 'OPTIONS', headers: { origin } }).then((r) =>
        r.headers.get('access-control-allow-origin'),
      );
    expect(await preflight(portalOrigin)).toBe(portalOrigin);
    expect(await preflight('https://elsewhere.example')).toBeNull();
    // Three wallet processes under tsx, each sealing keystores at production cost (2^17 scrypt).
  }, 120_000);
});
