import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyMessage } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeystoreStore } from './file-keystore-store.ts';
import { createWalletHandler } from './http.ts';
import { createOrganisationKeys } from './keys.ts';
import { WalletOperations } from './operations.ts';
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
  message: string;
  data: { code: string; key: string };
  items: { address: string; encryptedPincode: string; pincode?: string; error?: string }[];
}

const scryptN = 1 << 12;
let server: Server;
let base: string;
let operations: WalletOperations;
let organisation: { address: string; sealingPublicKey: string };
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
    expect(body.sealingPublicKey).toBe(organisation.sealingPublicKey);
    expect(body.token).toMatch(/^[\w-]{40,}$/);
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

  it('limits password guessing per wallet user', async () => {
    const attempts = [];
    for (let i = 0; i < 12; i += 1)
      attempts.push((await call('/unlock', { userId: 'guess', password: 'x' })).status);
    expect(attempts.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(attempts.at(-1)).toBe(429);
  });
});

describe('wallet contract (DESIGN §3): sign', () => {
  it('signs EIP-191 messages with the organisation key', async () => {
    const token = await unlock('1', 'admin-password');
    const { body } = await call('/sign', { message: 'I transfer these releases' }, token);
    expect(verifyMessage('I transfer these releases', body.signature)).toBe(organisation.address);
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
    expect(added).toEqual({ status: 200, body: { userId: '3' } });
    const { body } = await call('/unlock', { userId: '3', password: 'third-password' });
    expect(body.address).toBe(organisation.address);
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

  it('answers unknown paths and non-JSON bodies with catalogued errors', async () => {
    expect((await call('/nope', {})).status).toBe(404);
    const response = await fetch(`${base}/unlock`, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { data: { code: string } }).data.code).toBe('bad_request');
  });
});
