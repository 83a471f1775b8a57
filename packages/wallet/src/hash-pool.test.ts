import { pincodeHash, statementHash } from '@scr/domain';
import { hashMessage, Wallet } from 'ethers';
import { afterAll, describe, expect, it } from 'vitest';
import { HashJobRefused, HashPool } from './hash-pool.ts';

const signer = Wallet.createRandom();
/** A statement the size of a 10,000-release one (1.5 MB). */
const large = JSON.stringify({ releases: 'é'.repeat(750_000) });
const small = 'a small statement';
const ciphertexts = Array.from({ length: 2_500 }, (_, i) => `${'c'.repeat(400)}${i}`);
// A worker module that takes every job and never answers.
const hangingWorker = new URL(
  `data:text/javascript,${encodeURIComponent(
    "import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => {});",
  )}`,
);

describe('hashes off the event loop (docs/production.md, "Heavy work and its budgets")', () => {
  const pools: HashPool[] = [];
  const poolOf = (options: ConstructorParameters<typeof HashPool>[0] = {}) => {
    const pool = new HashPool(options);
    pools.push(pool);
    return pool;
  };
  afterAll(() => Promise.all(pools.map((pool) => pool.close())));

  it('answers what the domain and ethers answer, on the event loop for small input', async () => {
    const pool = poolOf();
    expect(await pool.keccak(['sealed', null, ''])).toEqual([pincodeHash('sealed'), null, null]);
    expect(await pool.keccakOne(small)).toBe(statementHash(small));
    expect(await pool.digest(small)).toBe(hashMessage(small));
    expect(await pool.recover(small, signer.signMessageSync(small))).toBe(signer.address);
    expect(pool.workers).toBe(0);
  });

  it('hashes a 1.5 MB statement, its digest, its signer and thousands of ciphertexts in workers', async () => {
    const pool = poolOf({ size: 2 });
    const [hash, digest, recovered, hashes] = await Promise.all([
      pool.keccakOne(large),
      pool.digest(large),
      pool.recover(large, signer.signMessageSync(large)),
      pool.keccak(ciphertexts),
    ]);
    expect(pool.workers).toBe(2);
    expect(hash).toBe(statementHash(large));
    expect(digest).toBe(hashMessage(large));
    expect(recovered).toBe(signer.address);
    // In order, whichever worker took which part of the batch.
    expect(hashes).toEqual(ciphertexts.map((text) => pincodeHash(text)));
  }, 60_000);

  it('refuses a signature that cannot be read, small or large, and the worker stays', async () => {
    const pool = poolOf({ size: 1 });
    await expect(pool.recover(small, '0x1234')).rejects.toBeInstanceOf(HashJobRefused);
    await expect(pool.recover(large, '0x1234')).rejects.toBeInstanceOf(HashJobRefused);
    expect(pool.workers).toBe(1);
    expect(await pool.recover(large, signer.signMessageSync(large))).toBe(signer.address);
  }, 60_000);

  it('does the work on the event loop when a worker cannot start, and says so', async () => {
    const warnings: string[] = [];
    const pool = poolOf({
      workerUrl: new URL('./no-such-worker.mjs', import.meta.url),
      log: (level, message) => void (level === 'warn' && warnings.push(message)),
    });
    expect(await pool.keccak(ciphertexts)).toEqual(ciphertexts.map((text) => pincodeHash(text)));
    expect(await pool.keccakOne(large)).toBe(statementHash(large));
    expect(warnings.length).toBeGreaterThan(0);
    expect(pool.workers).toBe(0);
  }, 60_000);

  it('replaces a worker that hangs and answers from the event loop', async () => {
    const warnings: string[] = [];
    const pool = poolOf({
      size: 1,
      workerUrl: hangingWorker,
      jobTimeoutMs: 500,
      log: (level, message) => void (level === 'warn' && warnings.push(message)),
    });
    expect(await pool.digest(large)).toBe(hashMessage(large));
    // The hung worker was taken out, and the job's failure said so.
    expect(pool.workers).toBe(0);
    expect(warnings).toEqual(['a hash worker failed; its job runs on the event loop']);
  }, 60_000);
});
