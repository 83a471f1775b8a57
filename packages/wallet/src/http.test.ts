import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passwordGuessing } from '@scr/domain';
import { verifyMessage } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeystoreStore } from './file-keystore-store.ts';
import { createWalletHandler } from './http.ts';
import { createOrganisationKeys } from './keys.ts';
import { WalletOperations } from './operations.ts';
import { sealKeystore } from './keystore.ts';
import { sealPincode } from './pincodes.ts';
import { provisionOrganisationWallet } from './provision.ts';

/** The union of the wallet's answers, loose enough for assertions. */
interface WalletAnswer {
  token: string;
  address: string;
  sealingPublicKey: string;
  expiresAt: string;
  signature: string;
  userId: string;
  userAddress: string;
  message: string;
  data: { code: string; key: string };
  items: { address: string; encryptedPincode: string; pincode?: string; error?: string }[];
}

const scryptN = 1 << 12;
let server: Server;
let base: string;
let operations: WalletOperations;
let organisation: Awaited<ReturnType<typeof provisionOrganisationWallet>>;
let clock = Date.now();

async function call(
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as WalletAnswer };
}

const unlock = async (userId: string, password: string) =>
  (await call('/unlock', { userId, password })).body.token as string;

beforeAll(async () => {
  const store = new FileKeystoreStore(mkdtempSync(join(tmpdir(), 'wallet-')));
  organisation = await provisionOrganisationWallet({
    store,
    scryptN,
    users: [
      { userId: '1', password: 'admin-password', type: 'admin' },
      { userId: '2', password: 'user-password', type: 'user' },
    ],
  });
  operations = new WalletOperations({ store, scryptN, ttlMs: 60_000, now: () => clock });
  server = createServer(
    createWalletHandler({ operations, allowedOrigins: ['https://portal.example'] }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => {
  operations.close();
  server.close();
});

describe('wallet contract (DESIGN §3): unlock and lock', () => {
  it('unlocks with the password and answers the organisation address and sealing key', async () => {
    const { status, body } = await call('/unlock', { userId: '1', password: 'admin-password' });
    expect(status).toBe(200);
    expect(body.address).toBe(organisation.address);
    expect(body.userAddress).toBe(organisation.users[0]!.userAddress);
    expect(body.userAddress).not.toBe(organisation.address);
    expect(body.sealingPublicKey).toBe(organisation.sealingPublicKey);
    expect(body.token).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(clock);
  });

  it('answers "invalid password" for a wrong password and for an unknown user alike (access spec §8)', async () => {
    for (const attempt of [
      { userId: '1', password: 'wrong' },
      { userId: '999', password: 'admin-password' },
    ]) {
      const { status, body } = await call('/unlock', attempt);
      expect(status).toBe(401);
      expect(body.message).toBe('invalid password');
      expect(body.data).toEqual({
        code: 'invalid_credentials',
        key: 'backend.error.invalid_credentials',
      });
    }
  });

  it('wipes the keys on lock: the token no longer signs', async () => {
    const token = await unlock('2', 'user-password');
    expect((await call('/sign', { message: 'hello' }, token)).status).toBe(200);
    expect((await call('/lock', {}, token)).status).toBe(200);
    const refused = await call('/sign', { message: 'hello' }, token);
    expect(refused.status).toBe(401);
    expect(refused.body.data.code).toBe('wallet_unauthorized');
  });

  it('lets unlocked keys expire', async () => {
    const token = await unlock('2', 'user-password');
    clock += 61_000;
    expect((await call('/sign', { message: 'late' }, token)).status).toBe(401);
  });
});

describe('wallet contract (DESIGN §3): sign', () => {
  it('signs EIP-191 messages with the organisation key', async () => {
    const token = await unlock('1', 'admin-password');
    const { body } = await call('/sign', { message: 'I transfer these releases' }, token);
    expect(verifyMessage('I transfer these releases', body.signature)).toBe(organisation.address);
  });

  it('signs a sign-in message only with the personal key, and only for its own address', async () => {
    const unlocked = (await call('/unlock', { userId: '2', password: 'user-password' })).body;
    const signIn = (address: string) =>
      `portal.example wants you to sign in with your Ethereum account:\n${address}\n\nSign in.\n\nURI: https://portal.example\nVersion: 1\nChain ID: 1\nNonce: abcdefgh12345678\nIssued At: 2026-11-23T10:00:00.000Z`;
    const own = signIn(unlocked.userAddress);
    const signed = await call('/sign', { message: own, as: 'user' }, unlocked.token);
    expect(signed.status).toBe(200);
    expect(verifyMessage(own, signed.body.signature)).toBe(unlocked.userAddress);

    // Never with the organisation key: every member holds it, so it proves no person.
    const byOrganisation = await call(
      '/sign',
      { message: signIn(organisation.address) },
      unlocked.token,
    );
    expect(byOrganisation.status).toBe(403);
    const ownByOrganisation = await call('/sign', { message: own }, unlocked.token);
    expect(ownByOrganisation.status).toBe(403);
    // Not for another member's address, and nothing but sign-in messages with the personal key.
    const other = signIn(organisation.users[0]!.userAddress);
    expect((await call('/sign', { message: other, as: 'user' }, unlocked.token)).status).toBe(403);
    expect(
      (await call('/sign', { message: 'a statement', as: 'user' }, unlocked.token)).status,
    ).toBe(403);
    expect((await call('/sign', { message: own, as: 'admin' }, unlocked.token)).status).toBe(400);
  });

  it('refuses NUL bytes and lone surrogates in a message (issue 9 §7)', async () => {
    const token = await unlock('1', 'admin-password');
    for (const message of ['a\u0000b', 'x\ud800', '\udfffy']) {
      const refused = await call('/sign', { message }, token);
      expect(refused.status).toBe(400);
      expect(refused.body.data.code).toBe('validation_failed');
    }
  });

  it('refuses calls without a token or with a bad body', async () => {
    expect((await call('/sign', { message: 'x' })).status).toBe(401);
    const token = await unlock('1', 'admin-password');
    const bad = await call('/sign', {}, token);
    expect(bad.status).toBe(400);
    expect(bad.body.data.code).toBe('validation_failed');
  });
});

describe('wallet contract (DESIGN §3 "Pincodes, end to end"): open and reseal', () => {
  it('opens pincodes sealed to the organisation and reports those it cannot open', async () => {
    const token = await unlock('1', 'admin-password');
    const mine = await sealPincode('482913', organisation.sealingPublicKey);
    const other = await sealPincode('111111', (await createOrganisationKeys()).sealingPublicKey);
    const { body } = await call(
      '/pincodes/open',
      {
        items: [
          { address: '0xa', encryptedPincode: mine },
          { address: '0xb', encryptedPincode: other },
        ],
      },
      token,
    );
    expect(body.items).toEqual([
      { address: '0xa', pincode: '482913' },
      { address: '0xb', error: 'could not open pincode' },
    ]);
  });

  it('reseals a pincode to the target organisation without it leaving the wallet in clear', async () => {
    const target = await createOrganisationKeys();
    const store = new FileKeystoreStore(mkdtempSync(join(tmpdir(), 'wallet-target-')));
    await provisionOrganisationWallet({
      store,
      scryptN,
      privateKey: target.privateKey,
      users: [{ userId: 't', password: 'target-password', type: 'admin' }],
    });
    const targetOps = new WalletOperations({ store, scryptN });
    const source = await unlock('1', 'admin-password');
    const sealed = await sealPincode('482913', organisation.sealingPublicKey);
    const { body } = await call(
      '/pincodes/reseal',
      {
        targetPublicKey: target.sealingPublicKey,
        items: [{ address: '0xa', encryptedPincode: sealed }],
      },
      source,
    );
    expect(body.items[0]!.encryptedPincode).not.toBe(sealed);
    const { token } = await targetOps.unlock({ userId: 't', password: 'target-password' });
    const opened = await targetOps.openPincodes(token, { items: body.items });
    expect(opened.items).toEqual([{ address: '0xa', pincode: '482913' }]);
    targetOps.close();
  });

  it('refuses a target that is not a sealing key', async () => {
    const token = await unlock('1', 'admin-password');
    const { status } = await call(
      '/pincodes/reseal',
      { targetPublicKey: 'bm9wZQ==', items: [] },
      token,
    );
    expect(status).toBe(400);
  });
});

describe('wallet contract (DESIGN §3): users', () => {
  it('lets an admin add a user who then unlocks the same organisation key with their own password', async () => {
    const token = await unlock('1', 'admin-password');
    const added = await call(
      '/users',
      { userId: '3', password: 'third-password', type: 'user' },
      token,
    );
    expect(added.status).toBe(200);
    expect(added.body.userId).toBe('3');
    const { body } = await call('/unlock', { userId: '3', password: 'third-password' });
    expect(body.address).toBe(organisation.address);
    // A personal sign-in key of the new user's own, not the admin's and not the organisation's.
    expect(body.userAddress).toBe(added.body.userAddress);
    expect(
      new Set([body.userAddress, organisation.address, organisation.users[0]!.userAddress]).size,
    ).toBe(3);
    const again = await call(
      '/users',
      { userId: '3', password: 'other-password', type: 'user' },
      token,
    );
    expect(again.status).toBe(409);
  });

  it('refuses users from a non-admin', async () => {
    const token = await unlock('2', 'user-password');
    const { status } = await call(
      '/users',
      { userId: '4', password: 'fourth-password', type: 'user' },
      token,
    );
    expect(status).toBe(403);
  });
});

describe('wallet HTTP', () => {
  it('allows the portal origin by CORS and no other', async () => {
    const allowed = await fetch(`${base}/unlock`, {
      method: 'OPTIONS',
      headers: { origin: 'https://portal.example' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    const other = await fetch(`${base}/unlock`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('over HTTP the refusal is 429 with Retry-After', async () => {
    let status = 0;
    let retryAfter: string | null = null;
    for (let i = 0; i <= passwordGuessing.perAccountAndClient.limit; i += 1) {
      const response = await fetch(`${base}/unlock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'guess', password: 'x' }),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
    }
    expect(status).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('answers unknown paths and non-JSON bodies with catalogued errors', async () => {
    expect((await call('/nope', {})).status).toBe(404);
    const response = await fetch(`${base}/unlock`, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { data: { code: string } }).data.code).toBe('bad_request');
  });
});

describe('personal sign-in keys for wallet users made before them (DESIGN §3; issue 9 §1)', () => {
  it('makes the key at the next unlock, tells the portal once, and keeps it', async () => {
    const store = new FileKeystoreStore(mkdtempSync(join(tmpdir(), 'wallet-old-')));
    const keys = await createOrganisationKeys();
    await store.insert({
      userId: '5',
      type: 'user',
      address: keys.address,
      keystore: await sealKeystore(keys.privateKey, 'old-password', scryptN),
      userAddress: null,
      userKeystore: null,
    });
    const told: [string, string, string][] = [];
    const ops = new WalletOperations({
      store,
      scryptN,
      onUserKey: async (...args) => {
        told.push(args);
      },
    });
    const first = await ops.unlock({ userId: '5', password: 'old-password' });
    expect(first.address).toBe(keys.address);
    expect(first.userAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(first.userAddress).not.toBe(keys.address);
    expect(told).toEqual([['5', first.userAddress, 'upgraded']]);
    const second = await ops.unlock({ userId: '5', password: 'old-password' });
    expect(second.userAddress).toBe(first.userAddress);
    expect(told).toHaveLength(1);
    expect((await store.find('5'))?.userAddress).toBe(first.userAddress);
    await ops.close();
  });
});
