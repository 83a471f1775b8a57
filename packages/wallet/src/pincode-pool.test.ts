import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisationKeys, deriveSealingKeyPair, type SealingKeyPair } from './keys.ts';
import { PincodePool, pincodePoolDefaults } from './pincode-pool.ts';
import { openPincode, sealPincode } from './pincodes.ts';

let mine: SealingKeyPair;
let target: SealingKeyPair;
let targetPublicKey: Uint8Array;
let sealed: string[];
const count = 10_000;
const pincodeOf = (i: number) => String(100_000 + i);

beforeAll(async () => {
  const [ours, theirs] = await Promise.all([createOrganisationKeys(), createOrganisationKeys()]);
  mine = await deriveSealingKeyPair(ours.privateKey);
  target = await deriveSealingKeyPair(theirs.privateKey);
  targetPublicKey = target.publicKey;
  sealed = await Promise.all(
    Array.from({ length: count }, (_, i) => sealPincode(pincodeOf(i), ours.sealingPublicKey)),
  );
  // One that is not ours, one that is no box at all: both answer null in their places.
  sealed[3] = await sealPincode('999999', theirs.sealingPublicKey);
  sealed[count - 2] = 'not base64!';
}, 120_000);

const expected = (i: number) => (i === 3 || i === count - 2 ? null : pincodeOf(i));

describe('pincodes off the event loop (issue 42 item 5)', () => {
  const pool = new PincodePool();
  afterAll(() => pool.close());

  it('keeps small batches on the event loop, in pieces other work runs between', async () => {
    const batch = sealed.slice(0, pincodePoolDefaults.workerFrom - 1);
    let between = 0;
    let counting = true;
    const count = () => {
      between += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const opened = await pool.open(batch, mine);
    counting = false;
    expect(opened).toEqual(batch.map((_, i) => expected(i)));
    expect(pool.workers).toBe(0);
    expect(between).toBeGreaterThan(0);
  });

  it(
    'reseals 10,000 in the workers while the event loop stays free',
    { timeout: 120_000 },
    async () => {
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const before = performance.eventLoopUtilization();
      const started = performance.now();
      const resealed = await pool.reseal(sealed, mine, targetPublicKey);
      const took = performance.now() - started;
      const busy = performance.eventLoopUtilization(before);
      delay.disable();
      // The figures the issue asks for, in the test's output.
      console.info(
        `reseal of ${count}: ${Math.round(took)} ms, event loop busy ${(busy.utilization * 100).toFixed(1)} %, longest block ${Math.round(delay.max / 1e6)} ms, ${pool.workers} worker(s)`,
      );
      expect(pool.workers).toBeGreaterThanOrEqual(1);
      expect(pool.workers).toBeLessThanOrEqual(Math.max(1, availableParallelism() - 1));
      // On the event loop the same work keeps it busy all along (utilisation near 1).
      expect(busy.utilization).toBeLessThan(0.5);
      expect(resealed).toHaveLength(count);
      for (const i of [0, 1, 3, 499, 500, 5_000, count - 2, count - 1]) {
        const again = resealed[i];
        if (expected(i) === null) expect(again).toBeNull();
        else expect(await openPincode(again!, target)).toBe(expected(i));
      }
    },
  );

  it(
    'seals pincodes in clear to a public key, a large batch in the workers, a small one here',
    { timeout: 60_000 },
    async () => {
      const pincodes = Array.from({ length: 1200 }, (_, i) => pincodeOf(i));
      const fresh = new PincodePool();
      try {
        const large = await fresh.seal(pincodes, target.publicKey);
        expect(fresh.workers).toBeGreaterThan(0);
        const small = await pool.seal(pincodes.slice(0, 10), target.publicKey);
        for (const [i, box] of [...large, ...small].entries()) {
          expect(await openPincode(box, target)).toBe(pincodeOf(i % 1200));
          expect(box).not.toContain(pincodeOf(i % 1200));
        }
        // Each box is sealed with a fresh ephemeral key: the same pincode never seals the same.
        expect(new Set(large).size).toBe(large.length);
      } finally {
        await fresh.close();
      }
    },
  );

  it('opens a large batch in the workers, each in its place', { timeout: 60_000 }, async () => {
    const opened = await pool.open(sealed, mine);
    expect(opened).toEqual(sealed.map((_, i) => expected(i)));
  });

  it('does a chunk on the event loop when its worker does not answer in time, and replaces it', async () => {
    const logged: string[] = [];
    const hasty = new PincodePool({
      chunkTimeoutMs: 1,
      size: 1,
      log: (level, message) => void (level === 'warn' && logged.push(message)),
    });
    try {
      const batch = sealed.slice(0, 200);
      expect(await hasty.open(batch, mine)).toEqual(batch.map((_, i) => expected(i)));
      expect(logged[0]).toMatch(/worker failed/);
      expect(hasty.workers).toBe(0);
    } finally {
      await hasty.close();
    }
  });
});

describe('a pincode pool whose worker cannot start', () => {
  it('does the batches on the event loop, without a new worker for every chunk', async () => {
    const logged: string[] = [];
    const broken = new PincodePool({
      workerUrl: new URL('./no-such-worker.mjs', import.meta.url),
      log: (level, message) => void (level === 'warn' && logged.push(message)),
    });
    try {
      const batch = sealed.slice(0, 1_200);
      expect(await broken.open(batch, mine)).toEqual(batch.map((_, i) => expected(i)));
      expect(broken.workers).toBe(0);
      // Three chunks, one failed start: each chunk logged, no second worker tried.
      expect(logged).toHaveLength(3);
      expect(await broken.open(batch, mine)).toEqual(batch.map((_, i) => expected(i)));
      expect(logged).toHaveLength(3);
    } finally {
      await broken.close();
    }
  });
});

describe('a pincode worker', () => {
  it('overwrites the sealing key it was given once the batch is done', async () => {
    const worker = new Worker(new URL('./pincode-worker.mjs', import.meta.url));
    try {
      // Shared memory, so that this test sees what the worker does to the key's bytes.
      const privateKey = new SharedArrayBuffer(mine.privateKey.length);
      new Uint8Array(privateKey).set(mine.privateKey);
      worker.postMessage({
        id: 1,
        job: {
          op: 'open',
          sealed: sealed.slice(0, 3),
          publicKey: new Uint8Array(mine.publicKey).buffer,
          privateKey,
        },
      });
      const [answer] = (await once(worker, 'message')) as [{ result: (string | null)[] }];
      expect(answer.result).toEqual([pincodeOf(0), pincodeOf(1), pincodeOf(2)]);
      expect(new Uint8Array(privateKey).every((byte) => byte === 0)).toBe(true);
    } finally {
      await worker.terminate();
    }
  });
});
