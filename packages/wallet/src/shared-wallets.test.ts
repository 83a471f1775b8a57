import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passwordGuessing } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeystoreStore } from './file-keystore-store.ts';
import { WalletOperations } from './operations.ts';
import { provisionOrganisationWallet } from './provision.ts';
import { MemoryWalletState } from './wallet-state.ts';

const scryptN = 1 << 10;
let clock = Date.now();
let a: WalletOperations;
let b: WalletOperations;

/** Two wallets over one state store: two instances of the cloud wallet, as the wallet sees them. */
beforeAll(async () => {
  const store = new FileKeystoreStore(mkdtempSync(join(tmpdir(), 'wallet-shared-')));
  await provisionOrganisationWallet({
    store,
    scryptN,
    users: [
      { userId: '1', password: 'admin-password', type: 'admin' },
      { userId: '2', password: 'member-password', type: 'user' },
    ],
  });
  const state = new MemoryWalletState(() => clock);
  const options = { store, state, scryptN, ttlMs: 60_000, now: () => clock };
  a = new WalletOperations(options);
  b = new WalletOperations(options);
});
afterAll(() => Promise.all([a.close(), b.close()]));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

describe('issue 42 item 1: wallets over one state store', () => {
  it('signs on B with a token unlocked on A, until it is locked on either', async () => {
    const { token } = await a.unlock({ userId: '2', password: 'member-password' });
    expect(await refusal(b.sign(token, { message: 'on b' }))).toBe('ok');
    await b.lock(token);
    expect(await refusal(a.sign(token, { message: 'on a' }))).toBe('wallet_unauthorized');
  });

  it('ends everywhere the wallets of a user whose password an admin reset', async () => {
    const before = (await b.unlock({ userId: '2', password: 'member-password' })).token;
    const admin = (await a.unlock({ userId: '1', password: 'admin-password' })).token;
    await a.resetUserPassword(admin, { userId: '2', password: 'new-member-password' });
    expect(await refusal(b.sign(before, { message: 'x' }))).toBe('wallet_unauthorized');
    const after = (await b.unlock({ userId: '2', password: 'new-member-password' })).token;
    expect(await refusal(a.sign(after, { message: 'x' }))).toBe('ok');
    // The admin's own wallet is another user's: it goes on.
    expect(await refusal(b.sign(admin, { message: 'x' }))).toBe('ok');
  });

  it('lets a token expire on every instance', async () => {
    const { token } = await a.unlock({ userId: '1', password: 'admin-password' });
    clock += 60_001;
    expect(await refusal(b.sign(token, { message: 'late' }))).toBe('wallet_unauthorized');
  });

  it('counts a client’s failures once for both, and a new password starts its count again', async () => {
    const { limit } = passwordGuessing.perAccountAndClient;
    for (let i = 0; i < limit; i += 1) {
      const on = i % 2 ? a : b;
      expect(await refusal(on.unlock({ userId: '2', password: `guess-${i}` }, 'browser'))).toBe(
        'invalid_credentials',
      );
    }
    expect(
      await refusal(a.unlock({ userId: '2', password: 'new-member-password' }, 'browser')),
    ).toBe('too_many_requests');
    // The user asks the admin for a new password, and uses it from the same browser at once.
    const admin = (await a.unlock({ userId: '1', password: 'admin-password' }, 'office')).token;
    await b.resetUserPassword(admin, { userId: '2', password: 'third-member-password' });
    expect(
      await refusal(a.unlock({ userId: '2', password: 'third-member-password' }, 'browser')),
    ).toBe('ok');
  });
});
