import { availableParallelism } from 'node:os';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import sodium from 'libsodium-wrappers';
import type { SealingKeyPair } from './keys.ts';
import { openBatch, resealBatch } from './pincode-batch.mjs';

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
  log?: (message: string, detail: unknown) => void;
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

type Op = 'open' | 'reseal';

interface Task {
  resolve(results: (string | null)[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface PoolWorker {
  worker: Worker;
  tasks: Map<number, Task>;
}

/**
 * Opens and reseals pincodes off the event loop (issue 42 item 5, DESIGN §2 "heavy CPU work runs
 * off the event loop"): a few `node:worker_threads` workers, started at the first large batch,
 * each running libsodium. The sealing key goes to a worker with each chunk, in a buffer
 * transferred to it (so no copy stays here) and overwritten there once the chunk is done; a
 * worker keeps nothing. Small batches run here, in short pieces. A chunk whose worker fails or
 * hangs is done here instead, so a call never fails for a worker's sake.
 */
export class PincodePool {
  readonly #size: number;
  readonly #options: typeof pincodePoolDefaults;
  readonly #log: NonNullable<PincodePoolOptions['log']>;
  readonly #workers: PoolWorker[] = [];
  #nextId = 0;

  constructor(options: PincodePoolOptions = {}) {
    this.#size = Math.max(1, options.size ?? availableParallelism() - 1);
    this.#options = { ...pincodePoolDefaults, ...definedOf(options) };
    this.#log = options.log ?? (() => undefined);
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

  /** How many workers run now (they start at the first large batch). */
  get workers(): number {
    return this.#workers.length;
  }

  async close(): Promise<void> {
    const workers = this.#workers.splice(0);
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }

  async #run(
    op: Op,
    sealed: readonly string[],
    keys: SealingKeyPair,
    target: Uint8Array | null,
  ): Promise<(string | null)[]> {
    if (sealed.length < this.#options.workerFrom) return this.#here(op, sealed, keys, target);
    const { chunkSize } = this.#options;
    const chunks: (readonly string[])[] = [];
    for (let i = 0; i < sealed.length; i += chunkSize) chunks.push(sealed.slice(i, i + chunkSize));
    const done = await Promise.all(
      chunks.map((chunk) =>
        this.#inWorker(op, chunk, keys, target).catch((error: Error) => {
          this.#log('a pincode worker failed; the chunk runs on the event loop', error);
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
    keys: SealingKeyPair,
    target: Uint8Array | null,
  ): Promise<(string | null)[]> {
    await sodium.ready;
    const results: (string | null)[] = [];
    const { pieceSize } = this.#options;
    for (let i = 0; i < sealed.length; i += pieceSize) {
      if (i > 0) await yieldToLoop();
      const piece = sealed.slice(i, i + pieceSize);
      results.push(
        ...(op === 'reseal'
          ? resealBatch(sodium, piece, keys.publicKey, keys.privateKey, target!)
          : openBatch(sodium, piece, keys.publicKey, keys.privateKey)),
      );
    }
    return results;
  }

  #inWorker(
    op: Op,
    sealed: readonly string[],
    keys: SealingKeyPair,
    target: Uint8Array | null,
  ): Promise<(string | null)[]> {
    const pooled = this.#leastBusy();
    const id = (this.#nextId += 1);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#retire(pooled, new Error(`no answer within ${this.#options.chunkTimeoutMs} ms`));
      }, this.#options.chunkTimeoutMs);
      pooled.tasks.set(id, { resolve, reject, timer });
      pooled.worker.ref();
      // A copy for this chunk alone, moved to the worker: this thread keeps no copy of it.
      const privateKey = new Uint8Array(keys.privateKey).buffer;
      pooled.worker.postMessage(
        {
          id,
          op,
          sealed,
          publicKey: new Uint8Array(keys.publicKey).buffer,
          privateKey,
          targetPublicKey: target ? new Uint8Array(target).buffer : null,
        },
        [privateKey],
      );
    });
  }

  #leastBusy(): PoolWorker {
    const idle = this.#workers.find(({ tasks }) => tasks.size === 0);
    if (idle) return idle;
    if (this.#workers.length < this.#size) return this.#start();
    return this.#workers.reduce((a, b) => (b.tasks.size < a.tasks.size ? b : a));
  }

  #start(): PoolWorker {
    const worker = new Worker(new URL('./pincode-worker.mjs', import.meta.url));
    const pooled: PoolWorker = { worker, tasks: new Map() };
    worker.unref();
    worker.on('message', (answer: { id: number; results?: (string | null)[]; error?: string }) => {
      const task = pooled.tasks.get(answer.id);
      if (!task) return;
      pooled.tasks.delete(answer.id);
      clearTimeout(task.timer);
      if (pooled.tasks.size === 0) worker.unref();
      if (answer.results) task.resolve(answer.results);
      else task.reject(new Error(answer.error ?? 'the pincode worker answered nothing'));
    });
    worker.on('error', (error) => this.#retire(pooled, error));
    worker.on('exit', (code) => this.#retire(pooled, new Error(`pincode worker exited (${code})`)));
    this.#workers.push(pooled);
    return pooled;
  }

  /** Takes a failed or hung worker out of the pool; its chunks are done elsewhere. */
  #retire(pooled: PoolWorker, error: Error): void {
    const at = this.#workers.indexOf(pooled);
    if (at >= 0) this.#workers.splice(at, 1);
    for (const task of pooled.tasks.values()) {
      clearTimeout(task.timer);
      task.reject(error);
    }
    pooled.tasks.clear();
    void pooled.worker.terminate();
  }
}

function definedOf(options: PincodePoolOptions): Partial<typeof pincodePoolDefaults> {
  return Object.fromEntries(
    Object.entries(options).filter(
      ([key, value]) => value !== undefined && key in pincodePoolDefaults,
    ),
  );
}
