import { availableParallelism } from 'node:os';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import sodium from 'libsodium-wrappers';
import type { SealingKeyPair } from './keys.ts';
import { openBatch, resealBatch, sealBatch } from './pincode-batch.mjs';
import { WorkerPool } from './worker-pool.ts';

export interface PincodePoolOptions {
  /** Workers at most; the machine's cores less one (at least one) by default. */
  size?: number;
  /** Batches from this many pincodes go to the workers; smaller ones stay on the event loop. */
  workerFrom?: number;
  /** Pincodes per synchronous piece on the event loop. */
  pieceSize?: number;
  /** Pincodes per message to a worker. */
  chunkSize?: number;
  /** How long a worker may take over one chunk before it is replaced. */
  chunkTimeoutMs?: number;
  log?: (level: 'info' | 'warn', message: string, detail?: unknown) => void;
  /** The worker's module; `pincode-worker.mjs` beside this one (and beside the server's bundle). */
  workerUrl?: URL;
}

/**
 * Measured on the two-core test machine (issue 42 item 5): a reseal costs about 0.25 ms a
 * pincode on an idle core (opening 0.1), a worker's start about 100 ms and a round trip of a
 * small batch about 1 ms. Pieces of 32 keep each synchronous step on the event loop near 10 ms;
 * from 64 pincodes (about 20 ms of work) a batch goes to the workers.
 */
export const pincodePoolDefaults = {
  workerFrom: 64,
  pieceSize: 32,
  chunkSize: 500,
  chunkTimeoutMs: 60_000,
};

type Op = 'open' | 'reseal' | 'seal';

/**
 * Opens and reseals pincodes off the event loop (docs/production.md, "Heavy work and its
 * budgets"): a `WorkerPool` of `pincode-worker.mjs`, each worker running libsodium and given one
 * chunk at a time (so two large batches share them, and a chunk's time limit counts from when a
 * worker takes it). The sealing key goes to a worker with each chunk, in a buffer transferred to
 * it (so no copy stays here) and overwritten there before it answers; a worker keeps nothing.
 * Small batches run here, in short pieces. A chunk whose worker fails or hangs is done here
 * instead, so a call never fails for a worker's sake.
 */
export class PincodePool {
  readonly #options: typeof pincodePoolDefaults;
  readonly #log: NonNullable<PincodePoolOptions['log']>;
  readonly #pool: WorkerPool;

  constructor(options: PincodePoolOptions = {}) {
    this.#options = { ...pincodePoolDefaults, ...definedOf(options) };
    this.#log = options.log ?? (() => undefined);
    this.#pool = new WorkerPool({
      name: 'pincode',
      workerUrl: options.workerUrl ?? new URL('./pincode-worker.mjs', import.meta.url),
      ...(options.size === undefined ? {} : { size: options.size }),
      jobTimeoutMs: this.#options.chunkTimeoutMs,
      log: this.#log,
    });
  }

  /** Each pincode in clear, or null for one that does not open with `keys`. */
  open(sealed: readonly string[], keys: SealingKeyPair): Promise<(string | null)[]> {
    return this.#run('open', sealed, keys, null);
  }

  /** Each pincode sealed to `targetPublicKey`, or null for one that does not open. */
  reseal(
    sealed: readonly string[],
    keys: SealingKeyPair,
    targetPublicKey: Uint8Array,
  ): Promise<(string | null)[]> {
    return this.#run('reseal', sealed, keys, targetPublicKey);
  }

  /**
   * Each pincode in clear sealed to `publicKey` (what `sealPincode` does one at a time): no
   * private key is involved, so none goes to a worker.
   */
  seal(pincodes: readonly string[], publicKey: Uint8Array): Promise<string[]> {
    return this.#run('seal', pincodes, null, publicKey) as Promise<string[]>;
  }

  /** How many workers run now (they start at the first large batch). */
  get workers(): number {
    return this.#pool.workers;
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  async #run(
    op: Op,
    sealed: readonly string[],
    keys: SealingKeyPair | null,
    target: Uint8Array | null,
  ): Promise<(string | null)[]> {
    if (sealed.length < this.#options.workerFrom || this.#pool.broken) {
      return this.#here(op, sealed, keys, target);
    }
    const { chunkSize } = this.#options;
    const chunks: (readonly string[])[] = [];
    for (let i = 0; i < sealed.length; i += chunkSize) chunks.push(sealed.slice(i, i + chunkSize));
    const done = await Promise.all(
      chunks.map((chunk) =>
        this.#inWorker(op, chunk, keys, target).catch((error: Error) => {
          this.#log('warn', 'a pincode worker failed; the chunk runs on the event loop', error);
          return this.#here(op, chunk, keys, target);
        }),
      ),
    );
    return done.flat();
  }

  /** On the event loop, a piece at a time, yielding between pieces. */
  async #here(
    op: Op,
    sealed: readonly string[],
    keys: SealingKeyPair | null,
    target: Uint8Array | null,
  ): Promise<(string | null)[]> {
    await sodium.ready;
    const results: (string | null)[] = [];
    const { pieceSize } = this.#options;
    for (let i = 0; i < sealed.length; i += pieceSize) {
      if (i > 0) await yieldToLoop();
      const piece = sealed.slice(i, i + pieceSize);
      results.push(
        ...(op === 'seal'
          ? sealBatch(sodium, piece, target!)
          : op === 'reseal'
            ? resealBatch(sodium, piece, keys!.publicKey, keys!.privateKey, target!)
            : openBatch(sodium, piece, keys!.publicKey, keys!.privateKey)),
      );
    }
    return results;
  }

  /** One chunk in a worker, with a copy of the key (if any) for it alone, moved there. */
  #inWorker(
    op: Op,
    sealed: readonly string[],
    keys: SealingKeyPair | null,
    target: Uint8Array | null,
  ): Promise<(string | null)[]> {
    const privateKey = keys ? new Uint8Array(keys.privateKey).buffer : null;
    return this.#pool.run(
      {
        op,
        sealed,
        publicKey: keys ? new Uint8Array(keys.publicKey).buffer : null,
        privateKey,
        targetPublicKey: target ? new Uint8Array(target).buffer : null,
      },
      privateKey ? [privateKey] : [],
    );
  }
}

let sealing: PincodePool | undefined;

/**
 * The process's pool for sealing pincodes sent in clear to their carrier (release creation: an
 * interchange or an API call of thousands). A worker per core: a creation waits for its
 * sealing, so the event loop's core is free to seal too. Sealing needs no private key, so none
 * goes to these workers; they sleep unreferenced between jobs.
 */
export function sharedSealingPool(): PincodePool {
  return (sealing ??= new PincodePool({ size: availableParallelism() }));
}

function definedOf(options: PincodePoolOptions): Partial<typeof pincodePoolDefaults> {
  return Object.fromEntries(
    Object.entries(options).filter(
      ([key, value]) => value !== undefined && key in pincodePoolDefaults,
    ),
  );
}
