import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeystoreStore } from './file-keystore-store.ts';
import { WalletOperations } from './operations.ts';
import { provisionOrganisationWallet } from './provision.ts';
import { MemoryWalletState } from './wallet-state.ts';

const scryptN = 1 << 10;
const store = new FileKeystoreStore(mkdtempSync(join(tmpdir(), 'wallet-remove-')));
const state = new MemoryWalletState();
/** Where each unlocked wallet was put, by wallet user, as `onUnlock` told it. */
const unlocked = new Map<string, string[]>();
const joins: [string, string][] = [];
let a: WalletOperations;
let b: WalletOperations;

beforeAll(async () => {
  await provisionOrganisationWallet({
    store,
    scryptN,
    users: [
      { userId: 'admin', password: 'admin-password', type: 'admin' },
      { userId: 'machine-1', password: 'machine-secret', type: 'user' },
    ],
  });
  const options = {
    store,
    state,
    scryptN,
    ttlMs: 60_000,
    onUnlock: async (userId: string, stateKey: string) => {
      unlocked.set(userId, [...(unlocked.get(userId) ?? []), stateKey]);
    },
    // Machine wallet users may be added, never reset (README "The API for systems").
    mayJoin: async (userId: string, _address: string, purpose: 'add' | 'reset') => {
      joins.push([userId, purpose]);
      return !(userId.startsWith('machine-') && purpose === 'reset');
    },
  };
  a = new WalletOperations(options);
  b = new WalletOperations(options);
});
afterAll(() => Promise.all([a.close(), b.close()]));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

describe('README "The API for systems": a wallet user removed from the wallet', () => {
  it('has each unlock told where it is kept, before the wallet is put there', async () => {
    const { token } = await a.unlock({ userId: 'machine-1', password: 'machine-secret' });
    const [key] = unlocked.get('machine-1')!;
    expect(key).toMatch(/^wallet:unlocked:/);
    expect(await state.get(key!)).not.toBeNull();
    // The key names where the wallet is, never the token or its secret.
    expect(key).not.toContain(token.split('.')[0]);
    expect(key).not.toContain(token.split('.')[1]);
  });

  it('ends on every instance: its known wallets deleted at once, any other refused, and it unlocks no more', async () => {
    const first = await a.unlock({ userId: 'machine-1', password: 'machine-secret' });
    const second = await b.unlock({ userId: 'machine-1', password: 'machine-secret' });
    const admin = await a.unlock({ userId: 'admin', password: 'admin-password' });
    const keys = unlocked.get('machine-1')!;
    expect(await store.remove('machine-1')).toBe(true);
    // Told of all but the last: a wallet unlocked while the user was being removed.
    await a.endUser('machine-1', keys.slice(0, -1));
    for (const key of keys.slice(0, -1)) expect(await state.get(key)).toBeNull();
    expect(await refusal(b.sign(first.token, { message: 'x' }))).toBe('wallet_unauthorized');
    expect(await refusal(a.sign(second.token, { message: 'x' }))).toBe('wallet_unauthorized');
    // The refused one is deleted as it is refused.
    expect(await state.get(keys.at(-1)!)).toBeNull();
    expect(
      await refusal(a.unlock({ userId: 'machine-1', password: 'machine-secret' }, 'client-9')),
    ).toBe('invalid_credentials');
    expect(await store.remove('machine-1')).toBe(false);
    // Another wallet user's wallet goes on.
    expect(await refusal(b.sign(admin.token, { message: 'x' }))).toBe('ok');
  });

  it('asks whether a user may join for adding and for a reset, separately', async () => {
    const admin = await a.unlock({ userId: 'admin', password: 'admin-password' });
    const added = await a.addUser(admin.token, {
      userId: 'machine-2',
      password: 'another-secret',
      type: 'user',
    });
    expect(added.userId).toBe('machine-2');
    expect(
      await refusal(
        a.resetUserPassword(admin.token, { userId: 'machine-2', password: 'chosen-by-admin' }),
      ),
    ).toBe('forbidden');
    expect(joins).toEqual([
      ['machine-2', 'add'],
      ['machine-2', 'reset'],
    ]);
  });
});
