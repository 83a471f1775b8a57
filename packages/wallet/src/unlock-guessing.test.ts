import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passwordGuessing } from '@scr/domain';
import { scrypt } from 'ethers';
import { describe, expect, it } from 'vitest';
import { FileKeystoreStore } from './file-keystore-store.ts';
import { nativeScrypt } from './native-scrypt.ts';
import { WalletError, WalletOperations, type WalletOptions } from './operations.ts';
import { provisionOrganisationWallet } from './provision.ts';

const scryptN = 1 << 12;

describe('guessing stops (DESIGN §3; issue 9 §2)', () => {
  async function freshWallet(options: Partial<WalletOptions> = {}) {
    const store = new FileKeystoreStore(mkdtempSync(join(tmpdir(), 'wallet-guess-')));
    await provisionOrganisationWallet({
      store,
      scryptN,
      users: [{ userId: '7', password: 'right-password', type: 'admin' }],
    });
    let now = Date.now();
    const ops = new WalletOperations({ store, scryptN, now: () => now, ...options });
    return { ops, store, later: (ms: number) => (now += ms) };
  }
  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: { code?: string }) => error.code,
    );

  it('after ten failures from one client for a user, that client is refused even the right password, with the time to wait (issue 42 item 2)', async () => {
    const { ops, later } = await freshWallet();
    const { limit, windowMs } = passwordGuessing.perAccountAndClient;
    for (let i = 0; i < limit; i += 1) {
      expect(await code(ops.unlock({ userId: '7', password: `guess-${i}` }, '10.0.0.1'))).toBe(
        'invalid_credentials',
      );
    }
    const refused = await ops
      .unlock({ userId: '7', password: 'right-password' }, '10.0.0.1')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WalletError);
    expect((refused as WalletError).code).toBe('too_many_requests');
    expect((refused as WalletError).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as WalletError).detail).toMatch(/wait \d+ seconds/);
    // "7", 7 and "007" are one user: no spelling dodges the counter.
    expect(await code(ops.unlock({ userId: 7, password: 'right-password' }, '10.0.0.1'))).toBe(
      'too_many_requests',
    );
    expect(await code(ops.unlock({ userId: '007', password: 'right-password' }, '10.0.0.1'))).toBe(
      'too_many_requests',
    );
    expect(await code(ops.unlock({ userId: ' 7', password: 'right-password' }, '10.0.0.1'))).toBe(
      'validation_failed',
    );
    // No lock-out of others: a client that has not failed gets in with the right password.
    expect(await code(ops.unlock({ userId: '7', password: 'right-password' }, '10.9.9.9'))).toBe(
      'ok',
    );
    later(windowMs + 1);
    expect(await code(ops.unlock({ userId: '7', password: 'right-password' }, '10.0.0.1'))).toBe(
      'ok',
    );
    await ops.close();
  });

  it('counts tries in parallel once each: ten at once from one client cannot pass the hard stop', async () => {
    const { ops } = await freshWallet();
    const { limit } = passwordGuessing.perAccountAndClient;
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) =>
        code(ops.unlock({ userId: '7', password: `guess-${i}` }, '10.0.0.2')),
      ),
    );
    expect(answers.filter((answer) => answer === 'invalid_credentials')).toHaveLength(limit);
    expect(answers.filter((answer) => answer === 'too_many_requests')).toHaveLength(5);
    await ops.close();
  });

  it('slows every try of a user whose account keeps failing, never refuses a fresh client, and tells the user once (issue 42 item 2)', async () => {
    const limits = {
      ...passwordGuessing,
      perAccount: { ...passwordGuessing.perAccount, ceiling: 6, firstDelayMs: 300 },
      alertAt: 6,
    };
    const told: [string, { failures: number; addresses: number; since: Date }][] = [];
    const { ops } = await freshWallet({
      guessing: limits,
      onRepeatedFailures: async (userId, failures) => void told.push([userId, failures]),
    });
    // Three clients, two failures each: none reaches its own stop.
    for (const client of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      for (let i = 0; i < 2; i += 1) {
        expect(await code(ops.unlock({ userId: '7', password: 'guess' }, client))).toBe(
          'invalid_credentials',
        );
      }
    }
    expect(told).toEqual([['7', { failures: 6, addresses: 3, since: expect.any(Date) }]]);
    const started = Date.now();
    expect(await code(ops.unlock({ userId: '7', password: 'right-password' }, '10.1.0.9'))).toBe(
      'ok',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.perAccount.firstDelayMs);
    // The user's own success does not lift the slowing the attack earned; nor is it told twice.
    expect(await code(ops.unlock({ userId: '7', password: 'guess' }, '10.1.0.9'))).toBe(
      'invalid_credentials',
    );
    expect(told).toHaveLength(1);
    // Unknown users have nobody to tell.
    for (let i = 0; i < limits.alertAt; i += 1) {
      await code(ops.unlock({ userId: 'ghost', password: 'guess' }, `10.2.0.${i}`));
    }
    expect(told).toHaveLength(1);
    await ops.close();
  });

  it('counts failures per client address too: a client guessing across users is stopped', async () => {
    const { ops } = await freshWallet();
    for (let i = 0; i < passwordGuessing.perClient.limit; i += 1) {
      await code(ops.unlock({ userId: `u${i}`, password: 'guess' }, '192.0.2.1'));
    }
    expect(await code(ops.unlock({ userId: '7', password: 'right-password' }, '192.0.2.1'))).toBe(
      'too_many_requests',
    );
    // The real user, elsewhere, is not locked out by that client.
    expect(await code(ops.unlock({ userId: '7', password: 'right-password' }, '192.0.2.2'))).toBe(
      'ok',
    );
    await ops.close();
  });

  it('an unknown user costs the same scrypt as a wrong password', async () => {
    const { ops } = await freshWallet();
    // The decoy keystore is sealed at the first unknown user, once per wallet process.
    await code(ops.unlock({ userId: 'warm-up', password: 'wrong' }, 'client-warm-up'));
    // The key stretching each refusal paid, counted rather than timed: the count and the cost
    // parameters are what the time follows, and a busy machine cannot blur them.
    const stretched = async (userId: string) => {
      const calls: number[][] = [];
      scrypt.register((password, salt, N, r, p, dkLen) => {
        calls.push([N, r, p, dkLen]);
        return nativeScrypt(password, salt, N, r, p, dkLen);
      });
      try {
        expect(await code(ops.unlock({ userId, password: 'wrong' }, `client-${userId}`))).toBe(
          'invalid_credentials',
        );
      } finally {
        scrypt.register(nativeScrypt);
      }
      return calls;
    };
    const known = await stretched('7');
    // One stretch at the wallet's cost (N, r, p, key length).
    expect(known).toEqual([[scryptN, 8, 1, expect.any(Number)]]);
    expect(await stretched('nobody')).toEqual(known);
    expect(await stretched('nobody-else')).toEqual(known);
    await ops.close();
  });
});
