import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createOrganisationKeys } from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClient } from '../../openapi/system-client.ts';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { connect } from '../../test/custody.ts';
import { documentClient } from '../../test/document-client.ts';
import { createRelease, releasePayload, releaseTerminal } from '../../test/factories-releases.ts';
import { spawnWallet, type ServerProcess } from '../../test/spawn-server.ts';
import { startTestApp, tempDir, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let support: string;
let terminal: string;
let wallet: ServerProcess | undefined;
const walletDataDir = tempDir('scr-system-wallet-');
const walletPassword = 'system-wallet-password';

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  const desk = await signedInOrganization(server, { users: [{ isSupport: true }] });
  support = desk.tokens[0]!;
  terminal = await releaseTerminal(server.knex);
});
afterAll(async () => {
  wallet?.child.kill('SIGTERM');
  await wallet?.exited;
  await server?.stop();
  rmSync(walletDataDir, { recursive: true, force: true });
});

const patch = (org: { id: number }, body: unknown, token = support) =>
  api(`organizations/${org.id}`, { method: 'PATCH', token, body });

/** Keys as a wallet prints them, for an organisation of the test's own. */
const printedKeys = async () => {
  const keys = await createOrganisationKeys();
  return { address: keys.address, sealingPublicKey: keys.sealingPublicKey };
};

describe('README "The standalone ID wallet": a system’s own wallet in a straight line', () => {
  it('`wallet init` without a portal user id, support registers the printed keys in the organisation’s dialog, and the system transfers with them', async () => {
    const [carrier, forwarder] = await Promise.all([
      signedInOrganization(server, { role: 'carrier' }),
      signedInOrganization(server),
    ]);
    // 1. On the organisation's machine: the key and a first wallet user, no portal id needed.
    const env = { WALLET_DATA_DIR: walletDataDir, WALLET_PASSWORD: walletPassword };
    const init = spawnWallet(['init'], env);
    expect((await init.exited).code).toBe(0);
    const printed = JSON.parse(init.output().trim().split('\n').at(-1)!) as {
      address: string;
      sealingPublicKey: string;
      users: { userId: string; userAddress: string }[];
    };
    expect(printed.users).toEqual([{ userId: 'admin', userAddress: expect.any(String) }]);
    wallet = spawnWallet([], env);
    const walletUrl = `http://127.0.0.1:${await wallet.port()}`;

    // 2. Support registers the wallet and its keys (Administration → Organisations → Edit).
    const registered = await patch(carrier, {
      walletUrl,
      address: printed.address,
      sealingPublicKey: printed.sealingPublicKey,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body).toMatchObject({
      address: printed.address,
      sealingPublicKey: printed.sealingPublicKey,
      walletUrl,
    });
    // What the cloud wallet held of the old key is let go: its keystores and sign-in keys.
    expect(
      await server.knex('wallet_users').where({ address: carrier.address }).first(),
    ).toBeUndefined();
    expect(
      await server.knex('users').where({ organization_id: carrier.id }).pluck('sign_in_address'),
    ).toEqual([null, null]);

    // 3. The system: an API key with custody:write (README "The API for systems": the plans of
    // an active subscription, a finalised connection to the organisation it transfers to).
    await connect(server.knex, carrier, forwarder);
    const key = await api('api-keys', {
      method: 'POST',
      token: carrier.tokens[0],
      body: { name: 'ERP', scopes: ['releases:write', 'custody:write'] },
    });
    const portal = await documentClient(server.baseUrl, `ApiKey ${key.body.key}`);
    const created = await portal.call('createReleases', {
      body: await releasePayload(server.knex, { pickupLocation: terminal, pincode: '4400' }),
    });
    expect(created.status).toBe(201);
    const signer = systemClient({
      call: portal.call,
      walletUrl,
      walletUserId: 'admin',
      walletPassword,
    });
    const transfer = await signer.act('transferReleases', 'transfer', [created.body.address], {
      target: forwarder.address,
    });
    expect(transfer.applied).toMatchObject({
      action: 'transfer',
      applied: [{ address: created.body.address }],
    });
  }, 120_000);
});

describe('README "The standalone ID wallet": the organisation PATCH takes the printed keys', () => {
  let org: SignedInOrganization;
  beforeAll(async () => {
    org = await signedInOrganization(server, { role: 'carrier' });
  });

  it('both together, for an organisation on its own wallet only', async () => {
    const keys = await printedKeys();
    const cloud = await patch(org, keys);
    expect(cloud.status).toBe(400);
    expect(cloud.body.data.fields).toEqual({ address: 'validation.cloudWalletKeys' });
    const half = await patch(org, { walletUrl: 'https://wallet.example', address: keys.address });
    expect(half.status).toBe(400);
    expect(half.body.data.fields).toEqual({ sealingPublicKey: 'validation.required' });
    const malformed = await patch(org, {
      walletUrl: 'https://wallet.example',
      address: '0x12',
      sealingPublicKey: keys.sealingPublicKey,
    });
    expect(malformed.status).toBe(400);
    expect(await server.knex('organizations').where({ id: org.id }).first('address')).toEqual({
      address: org.address,
    });
  });

  it('by support only: an admin of the organisation is refused', async () => {
    const keys = await printedKeys();
    const byAdmin = await patch(
      org,
      { walletUrl: 'https://wallet.example', ...keys },
      org.tokens[0],
    );
    expect(byAdmin.status).toBe(403);
  });

  it('refuses new keys once the present key has a history, and takes the same keys again', async () => {
    const carrier = await signedInOrganization(server, { role: 'carrier' });
    await createRelease(server, carrier, { pickupLocation: terminal });
    const walletUrl = `https://wallet-${randomBytes(3).toString('hex')}.example`;
    const replaced = await patch(carrier, { walletUrl, ...(await printedKeys()) });
    expect(replaced.status).toBe(400);
    expect(replaced.body.data.fields).toEqual({ address: 'validation.keysInUse' });
    expect(replaced.body.message).toContain('history');
    const organization = await api(`organizations/${carrier.id}`, { token: support });
    const same = await patch(carrier, {
      walletUrl,
      address: carrier.address,
      sealingPublicKey: organization.body.sealingPublicKey,
    });
    expect(same.status).toBe(200);
    expect(same.body.walletUrl).toBe(walletUrl);
  });
});
