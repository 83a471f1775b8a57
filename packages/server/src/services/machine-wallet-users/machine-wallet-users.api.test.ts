import { randomBytes } from 'node:crypto';
import {
  deriveSealingKeyPair,
  openKeystore,
  openPincode,
  parseWalletToken,
  unlockedWalletKey,
} from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClient } from '../../openapi/system-client.ts';
import { apiCaller, type SignedInOrganization } from '../../test/admin-kit.ts';
import { signedInChain } from '../../test/custody.ts';
import { documentClient } from '../../test/document-client.ts';
import { factoryPassword } from '../../test/factories.ts';
import { releasePayload, releaseTerminal } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let forwarder: SignedInOrganization;
let terminal: string;

beforeAll(async () => {
  // The test stands in for the proxy, so that each of its clients has an address of its own.
  server = await startTestApp({ env: { TRUST_PROXY: '1' } });
  api = apiCaller(server);
  [carrier, forwarder] = await signedInChain(server, [{}, {}]);
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

const freshClient = () => `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;

/** `POST /wallet/<path>` from `client`, as a system (or the admin's browser) calls it. */
async function wallet(path: string, body: unknown, client = '203.0.113.1', token?: string) {
  const response = await fetch(`${server.baseUrl}/wallet${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': client,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the wallet's answers are loose JSON
  return { status: response.status, body: (await response.json()) as any };
}

/** The admin's own cloud wallet, unlocked as the section's dialog unlocks it. */
async function adminWalletToken(org: SignedInOrganization) {
  const unlocked = await wallet('/unlock', {
    userId: String(org.users[0]!.id),
    password: factoryPassword,
  });
  expect(unlocked.status).toBe(200);
  return unlocked.body.token as string;
}

async function apiKeyOf(org: SignedInOrganization, scopes: string[]) {
  const made = await api('api-keys', {
    method: 'POST',
    token: org.tokens[0],
    body: { name: `system ${randomBytes(2).toString('hex')}`, scopes },
  });
  expect(made.status).toBe(201);
  return made.body as { id: number; key: string };
}

async function machineUserOf(org: SignedInOrganization, apiKeyId: number, name = 'ERP') {
  return api('machine-wallet-users', {
    method: 'POST',
    token: org.tokens[0],
    body: { name, apiKeyId, walletToken: await adminWalletToken(org) },
  });
}

describe('README "The API for systems": a system of a cloud-wallet organisation signs with a machine wallet user of its own', () => {
  it('acceptance: transfers a release signed by its own wallet user; revoked, it unlocks no more; its rows open nothing without the secret', async () => {
    const key = await apiKeyOf(carrier, ['releases:write', 'releases:read', 'custody:write']);
    const made = await machineUserOf(carrier, key.id);
    expect(made.status).toBe(201);
    const machine = made.body;
    expect(machine).toMatchObject({
      name: 'ERP',
      organizationId: carrier.id,
      walletUserId: `machine-${machine.id}`,
      apiKeyId: key.id,
      createdByName: expect.any(String),
      revokedAt: null,
    });
    expect(machine.secret).toMatch(/^scrw_[A-Za-z0-9_-]{43}$/);
    // Shown once: the list never carries it.
    const listed = await api('machine-wallet-users', { token: carrier.tokens[0] });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: machine.id, walletUserId: machine.walletUserId }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(machine.secret);

    // The system: its API key for the portal, its machine wallet user in the cloud wallet.
    const portal = await documentClient(server.baseUrl, `ApiKey ${key.key}`);
    const signer = systemClient({
      call: portal.call,
      walletUrl: `${server.baseUrl}/wallet`,
      walletUserId: machine.walletUserId,
      walletPassword: machine.secret,
    });
    const body = await releasePayload(server.knex, { pickupLocation: terminal, pincode: '8812' });
    const created = await portal.call('createReleases', { body });
    expect(created.status).toBe(201);
    const address: string = created.body.address;
    const unlocked = await signer.unlock();
    expect(unlocked.address).toBe(carrier.address);
    const transfer = await signer.act('transferReleases', 'transfer', [address], {
      target: forwarder.address,
    });
    expect(transfer.applied).toMatchObject({ action: 'transfer', applied: [{ address }] });
    // The forwarder's copy opens with the forwarder's key; the ledger names the system's key.
    const release = await server.knex('releases').where({ address }).first('id');
    const copy = await server
      .knex('release_pincodes')
      .where({ release_id: release.id, organization_id: forwarder.id })
      .first('encrypted_pincode');
    expect(
      await openPincode(copy.encrypted_pincode, await deriveSealingKeyPair(forwarder.privateKey)),
    ).toBe('8812');
    const event = await server
      .knex('release_events as e')
      .join('ledger_statements as s', 's.id', 'e.statement_id')
      .where({ 'e.release_id': release.id, 'e.operation': 'transfer' })
      .first('e.actor', 's.signer_address');
    expect(event).toMatchObject({ actor: `api-key:${key.id}`, signer_address: carrier.address });

    // The dump of the machine user's rows: its keystore, its unlocked wallet's place and value.
    const keystoreRow = await server
      .knex('wallet_users')
      .where({ user_id: machine.walletUserId })
      .first();
    const stateKey = unlockedWalletKey(parseWalletToken(unlocked.token)!);
    const dump = {
      machine: await server.knex('machine_wallet_users').where({ id: machine.id }).first(),
      keystore: keystoreRow,
      unlocks: await server
        .knex('machine_wallet_unlocks')
        .where({ machine_wallet_user_id: machine.id }),
      shared: await server.knex('shared_state').where({ key: stateKey }),
    };
    expect(dump.unlocks.map((row: { state_key: string }) => row.state_key)).toContain(stateKey);
    // The unlocked wallet itself, wrapped under the token's secret (the portal has no Redis here).
    expect(dump.shared).toHaveLength(1);
    const text = JSON.stringify(dump);
    expect(text).not.toContain(machine.secret);
    expect(text).not.toContain(machine.secret.slice(5));
    expect(text).not.toContain(carrier.privateKey.slice(2));
    expect(text).not.toContain(unlocked.token.split('.')[1]);
    // The keystore opens with the secret only: with nothing the dump holds.
    expect(await openKeystore(keystoreRow.keystore, machine.secret)).not.toBeNull();
    const candidates = new Set(text.match(/[A-Za-z0-9_+/=.:-]{8,}/g) ?? []);
    for (const candidate of [...candidates].slice(0, 40)) {
      expect(await openKeystore(keystoreRow.keystore, candidate)).toBeNull();
    }

    // Revoked: gone from the wallet, its unlocked wallet ended, and it unlocks no more.
    const revoked = await api(`machine-wallet-users/${machine.id}`, {
      method: 'DELETE',
      token: carrier.tokens[0],
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      id: machine.id,
      revokedAt: expect.any(String),
      revokedByName: expect.any(String),
    });
    expect(
      await server.knex('wallet_users').where({ user_id: machine.walletUserId }).first(),
    ).toBeUndefined();
    expect(
      await server.knex('machine_wallet_unlocks').where({ machine_wallet_user_id: machine.id }),
    ).toEqual([]);
    expect(await server.portal.app.get('sharedState').store.get(stateKey)).toBeNull();
    const sign = await wallet(
      '/sign',
      { message: 'after revocation' },
      '203.0.113.1',
      unlocked.token,
    );
    expect(sign.status).toBe(401);
    const again = await wallet('/unlock', {
      userId: machine.walletUserId,
      password: machine.secret,
    });
    expect(again.status).toBe(401);
    expect(again.body.data.code).toBe('invalid_credentials');
    // Listed as revoked, for the record; the admin's actions are in the user audit trail.
    const kept = await api('machine-wallet-users', { token: carrier.tokens[0] });
    expect(kept.body.data[0]).toMatchObject({ id: machine.id, revokedAt: expect.any(String) });
    const audit = await server
      .knex('user_audit_trail')
      .where({ organization_id: carrier.id })
      .whereLike('operation', '%machine wallet user')
      .orderBy('id')
      .pluck('operation');
    expect(audit).toEqual(['add machine wallet user', 'revoke machine wallet user']);
  });

  it('unlocks under the rule of a person’s unlock: a client that keeps failing is refused, even the right secret, and another client still gets in', async () => {
    const key = await apiKeyOf(carrier, ['custody:write']);
    const machine = (await machineUserOf(carrier, key.id, 'gate system')).body;
    const guesser = freshClient();
    for (let i = 0; i < 10; i += 1) {
      const wrong = await wallet(
        '/unlock',
        { userId: machine.walletUserId, password: `guess-${i}` },
        guesser,
      );
      expect(wrong.status).toBe(401);
    }
    const right = await wallet(
      '/unlock',
      { userId: machine.walletUserId, password: machine.secret },
      guesser,
    );
    expect(right.status).toBe(429);
    const system = await wallet(
      '/unlock',
      { userId: machine.walletUserId, password: machine.secret },
      '203.0.113.77',
    );
    expect(system.status).toBe(200);
  });

  it('revoking its API key revokes its machine wallet user too, and its unlocked wallet ends', async () => {
    const key = await apiKeyOf(carrier, ['custody:write']);
    const machine = (await machineUserOf(carrier, key.id, 'old system')).body;
    const { body: unlocked } = await wallet('/unlock', {
      userId: machine.walletUserId,
      password: machine.secret,
    });
    expect(
      (await api(`api-keys/${key.id}`, { method: 'DELETE', token: carrier.tokens[0] })).status,
    ).toBe(200);
    expect((await wallet('/sign', { message: 'x' }, '203.0.113.1', unlocked.token)).status).toBe(
      401,
    );
    expect(
      (await wallet('/unlock', { userId: machine.walletUserId, password: machine.secret })).status,
    ).toBe(401);
    const listed = await api('machine-wallet-users', { token: carrier.tokens[0] });
    expect(listed.body.data.find((m: { id: number }) => m.id === machine.id)).toMatchObject({
      revokedAt: expect.any(String),
    });
  });

  it('refuses, by field, a key without custody:write, another’s key, a second user for one key, an on-premise organisation, and a locked wallet; only an admin makes one', async () => {
    const reading = await apiKeyOf(carrier, ['releases:read']);
    const refused = async (
      org: SignedInOrganization,
      apiKeyId: number,
      field: string,
      why: string,
      walletToken?: string,
    ) => {
      const answer = await api('machine-wallet-users', {
        method: 'POST',
        token: org.tokens[0],
        body: { name: 'x', apiKeyId, walletToken: walletToken ?? (await adminWalletToken(org)) },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.data.fields).toEqual({ [field]: why });
    };
    await refused(carrier, reading.id, 'apiKeyId', 'machineUsers.validation.keyNeedsCustody');
    const othersKey = await apiKeyOf(forwarder, ['custody:write']);
    await refused(carrier, othersKey.id, 'apiKeyId', 'machineUsers.validation.keyNotFound');
    const custody = await apiKeyOf(carrier, ['custody:write']);
    expect((await machineUserOf(carrier, custody.id)).status).toBe(201);
    await refused(carrier, custody.id, 'apiKeyId', 'machineUsers.validation.keyTaken');
    const fresh = await apiKeyOf(carrier, ['custody:write']);
    await refused(
      carrier,
      fresh.id,
      'walletToken',
      'machineUsers.validation.walletLocked',
      'not-a-token',
    );
    // Another organisation's admin wallet cannot wrap this organisation's key.
    const foreign = await api('machine-wallet-users', {
      method: 'POST',
      token: carrier.tokens[0],
      body: { name: 'x', apiKeyId: fresh.id, walletToken: await adminWalletToken(forwarder) },
    });
    expect(foreign.status).toBe(403);
    expect(await server.knex('machine_wallet_users').where({ api_key_id: fresh.id })).toEqual([]);
    // A plain member may not.
    const member = await api('machine-wallet-users', { token: carrier.tokens[1] });
    expect(member.status).toBe(403);
    // An organisation on its own wallet adds its systems' users there.
    await server
      .knex('organizations')
      .where({ id: forwarder.id })
      .update({ wallet_url: 'https://wallet.forwarder.example' });
    const own = await apiKeyOf(forwarder, ['custody:write']);
    await refused(forwarder, own.id, 'organizationId', 'machineUsers.validation.cloudOnly');
    await server.knex('organizations').where({ id: forwarder.id }).update({ wallet_url: null });
  });

  it('another organisation’s machine wallet users are not found, and an admin’s password reset never reaches one', async () => {
    const key = await apiKeyOf(carrier, ['custody:write']);
    const machine = (await machineUserOf(carrier, key.id, 'hidden')).body;
    const removed = await api(`machine-wallet-users/${machine.id}`, {
      method: 'DELETE',
      token: forwarder.tokens[0],
    });
    expect(removed.status).toBe(404);
    const theirs = await api('machine-wallet-users', { token: forwarder.tokens[0] });
    expect(theirs.body.data.map((m: { id: number }) => m.id)).not.toContain(machine.id);
    const reset = await wallet(
      '/users/password',
      { userId: machine.walletUserId, password: 'chosen-by-admin' },
      '203.0.113.1',
      await adminWalletToken(carrier),
    );
    expect(reset.status).toBe(403);
    expect(
      (await wallet('/unlock', { userId: machine.walletUserId, password: machine.secret })).status,
    ).toBe(200);
  });
});
