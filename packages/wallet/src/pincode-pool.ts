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

type Op = 'open' | 'reseal';

/** One chunk of a batch, waiting for a worker or in one. */
interface Job {
  op: Op;
  sealed: readonly string[];
  keys: SealingKeyPair;
  target: Uint8Array | null;
  resolve(results: (string | null)[]): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | undefined;
  answered: boolean;
}

/** After a worker failed to start, how long batches stay on the event loop before one is tried. */
const pauseAfterBrokenStartMs = 60_000;

/**
 * Opens and reseals pincodes off the event loop (issue 42 item 5, DESIGN §2 "heavy CPU work runs
 * off the event loop"): a few `node:worker_threads` workers, started at the first large batch,
 * each running libsodium, each given one chunk at a time (so two large batches share them, and a
 * chunk's time limit counts from when a worker takes it). The sealing key goes to a worker with
 * each chunk, in a buffer transferred to it (so no copy stays here) and overwritten there before
 * it answers; a worker keeps nothing. Small batches run here, in short pieces. A chunk whose
 * worker fails or hangs is done here instead, so a call never fails for a worker's sake.
 */
export class PincodePool {
  readonly #size: number;
  readonly #options: typeof pincodePoolDefaults;
  readonly #log: NonNullable<PincodePoolOptions['log']>;
  readonly #workerUrl: URL;
  readonly #workers: PoolWorker[] = [];
  readonly #queue: Job[] = [];
  #brokenUntil = 0;
  #closed = false;

  constructor(options: PincodePoolOptions = {}) {
    this.#size = Math.max(1, options.size ?? availableParallelism() - 1);
    this.#options = { ...pincodePoolDefaults, ...definedOf(options) };
    this.#log = options.log ?? (() => undefined);
    this.#workerUrl = options.workerUrl ?? new URL('./pincode-worker.mjs', import.meta.url);
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
    this.#closed = true;
    const workers = this.#workers.splice(0);
    const closed = new Error('the pincode pool is closed');
    for (const job of this.#queue.splice(0)) job.reject(closed);
    for (const pooled of workers) {
      clearTimeout(pooled.timer);
      pooled.job?.reject(closed);
    }
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }

  async #run(
    op: Op,
    sealed: readonly string[],
    keys: SealingKeyPair,
    target: Uint8Array | null,
  ): Promise<(string | null)[]> {
    if (sealed.length < this.#options.workerFrom || Date.now() < this.#brokenUntil) {
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
    return new Promise((resolve, reject) => {
      this.#queue.push({ op, sealed, keys, target, resolve, reject });
      this.#dispatch();
    });
  }

  /** Gives waiting chunks to idle workers, starting workers up to the pool's size. */
  #dispatch(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      const idle =
        this.#workers.find(({ job }) => job === null) ??
        (this.#workers.length < this.#size ? this.#start() : null);
      if (!idle) return;
      this.#send(idle, this.#queue.shift()!);
    }
  }

  #send(pooled: PoolWorker, job: Job): void {
    const { chunkTimeoutMs } = this.#options;
    pooled.job = job;
    pooled.timer = setTimeout(() => {
      this.#retire(pooled, new Error(`no answer within ${chunkTimeoutMs} ms`));
    }, chunkTimeoutMs);
    pooled.worker.ref();
    // A copy for this chunk alone, moved to the worker: this thread keeps no copy of it.
    const privateKey = new Uint8Array(job.keys.privateKey).buffer;
    pooled.worker.postMessage(
      {
        op: job.op,
        sealed: job.sealed,
        publicKey: new Uint8Array(job.keys.publicKey).buffer,
        privateKey,
        targetPublicKey: job.target ? new Uint8Array(job.target).buffer : null,
      },
      [privateKey],
    );
  }

  #start(): PoolWorker {
    const worker = new Worker(this.#workerUrl);
    const pooled: PoolWorker = { worker, job: null, timer: undefined, answered: false };
    worker.unref();
    worker.on('message', (answer: { results?: (string | null)[]; error?: string }) => {
      const job = pooled.job;
      if (!job) return;
      clearTimeout(pooled.timer);
      pooled.job = null;
      if (!pooled.answered) this.#log('info', 'pincode worker started');
      pooled.answered = true;
      worker.unref();
      if (answer.results) job.resolve(answer.results);
      else job.reject(new Error(answer.error ?? 'the pincode worker answered nothing'));
      this.#dispatch();
    });
    worker.on('error', (error) => this.#retire(pooled, error));
    worker.on('exit', (code) => this.#retire(pooled, new Error(`pincode worker exited (${code})`)));
    this.#workers.push(pooled);
    return pooled;
  }

  /** Takes a failed or hung worker out of the pool; its chunk is done elsewhere. */
  #retire(pooled: PoolWorker, error: Error): void {
    const at = this.#workers.indexOf(pooled);
    if (at < 0) return;
    this.#workers.splice(at, 1);
    clearTimeout(pooled.timer);
    void pooled.worker.terminate();
    const job = pooled.job;
    pooled.job = null;
    job?.reject(error);
    if (!pooled.answered && !(job && error.message.startsWith('no answer'))) {
      // A worker that could not even start (its file missing, say): the event loop does the
      // work meanwhile, rather than a new worker failing for every chunk.
      this.#brokenUntil = Date.now() + pauseAfterBrokenStartMs;
      for (const waiting of this.#queue.splice(0)) waiting.reject(error);
      return;
    }
    this.#dispatch();
  }
}

function definedOf(options: PincodePoolOptions): Partial<typeof pincodePoolDefaults> {
  return Object.fromEntries(
    Object.entries(options).filter(
      ([key, value]) => value !== undefined && key in pincodePoolDefaults,
    ),
  );
}
