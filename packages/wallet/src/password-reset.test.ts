import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeystoreStore } from './file-keystore-store.ts';
import { createWalletHandler } from './http.ts';
import { WalletOperations } from './operations.ts';
import { provisionOrganisationWallet } from './provision.ts';

const scryptN = 1 << 12;
let server: Server;
let base: string;
let operations: WalletOperations;
const told: [string, string, string][] = [];

async function call(path: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
  return { status: response.status, body: (await response.json()) as any };
}
const unlock = (userId: string, password: string) => call('/unlock', { userId, password });

beforeAll(async () => {
  const store = new FileKeystoreStore(mkdtempSync(join(tmpdir(), 'wallet-reset-')));
  // Two organisations in one wallet folder: an admin may reset only its own organisation's users.
  await provisionOrganisationWallet({
    store,
    scryptN,
    users: [
      { userId: '1', password: 'admin-password', type: 'admin' },
      { userId: '2', password: 'forgotten-password', type: 'user' },
      { userId: '3', password: 'colleague-password', type: 'user' },
    ],
  });
  await provisionOrganisationWallet({
    store,
    scryptN,
    users: [{ userId: '9', password: 'other-password', type: 'admin' }],
  });
  operations = new WalletOperations({
    store,
    scryptN,
    onUserKey: async (userId, address, reason) => void told.push([userId, address, reason]),
  });
  server = createServer(createWalletHandler({ operations }));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => {
  operations.close();
  server.close();
});

describe('access spec §2 "Forgot password?": a wallet admin resets a user\'s password', () => {
  it('wraps the organisation key under the new password with a new sign-in key, and locks the old sessions', async () => {
    const before = await unlock('2', 'forgotten-password');
    const admin = (await unlock('1', 'admin-password')).body.token;

    const reset = await call('/users/password', { userId: '2', password: 'brand-new-pass' }, admin);

    expect(reset.status).toBe(200);
    expect(reset.body.userAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(reset.body.userAddress).not.toBe(before.body.userAddress);
    expect(told.at(-1)).toEqual(['2', reset.body.userAddress, 'reset']);
    expect((await unlock('2', 'forgotten-password')).status).toBe(401);
    const after = await unlock('2', 'brand-new-pass');
    expect(after.status).toBe(200);
    expect(after.body.address).toBe(before.body.address);
    expect(after.body.userAddress).toBe(reset.body.userAddress);
    // The old unlocked wallet no longer signs.
    expect((await call('/sign', { message: 'hi' }, before.body.token)).status).toBe(401);
  });

  it('is for wallet admins only, with a password of at least 8 characters', async () => {
    const user = (await unlock('3', 'colleague-password')).body.token;
    const refused = await call(
      '/users/password',
      { userId: '2', password: 'brand-new-pass' },
      user,
    );
    expect(refused.status).toBe(403);
    const admin = (await unlock('1', 'admin-password')).body.token;
    const short = await call('/users/password', { userId: '2', password: 'short' }, admin);
    expect(short.status).toBe(400);
    expect((await call('/users/password', { userId: '2', password: 'x'.repeat(9) })).status).toBe(
      401,
    );
  });

  it("answers not found for a user of another organisation's key, or none at all", async () => {
    const admin = (await unlock('1', 'admin-password')).body.token;
    for (const userId of ['9', '404']) {
      const answer = await call('/users/password', { userId, password: 'brand-new-pass' }, admin);
      expect(answer.status).toBe(404);
    }
    expect((await unlock('9', 'other-password')).status).toBe(200);
  });
});
