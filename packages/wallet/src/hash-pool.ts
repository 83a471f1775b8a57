import { availableParallelism } from 'node:os';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { runHashJob, type HashJob, type HashResult } from './hash-ops.mjs';

export interface HashPoolOptions {
  /** Workers at most; the machine's cores less one (at least one) by default. */
  size?: number;
  /** Inputs from this many characters go to the workers; smaller ones are hashed here. */
  workerFrom?: number;
  /** Texts per job of a large `keccak` batch (so that several workers share one batch). */
  textsPerJob?: number;
  /** How long a worker may take over one job before it is replaced and the job done here. */
  jobTimeoutMs?: number;
  log?: (level: 'info' | 'warn', message: string, detail?: unknown) => void;
  /** The worker's module; `hash-worker.mjs` beside this one (and beside the server's bundle). */
  workerUrl?: URL;
}

/**
 * Measured on the two-core test machine (docs/production.md, "Heavy work and its budgets"): keccak-256 in JavaScript hashes
 * 5 to 10 MB a second, so a 10,000-release statement (1.5 MB) costs 150 to 300 ms per hash,
 * twice for a signed one (its hash, its EIP-191 digest), and the 10,000 pincode ciphertexts it
 * covers (4 MB) 500 to 800 ms more. Under 32,000 characters (about 5 ms) an input is hashed
 * on the event loop: a worker's round trip costs about 1 ms.
 */
export const hashPoolDefaults = {
  workerFrom: 32_000,
  textsPerJob: 1_000,
  jobTimeoutMs: 60_000,
};

/** A job's own refusal (a signature that does not recover, say): not the worker's failure. */
export class HashJobRefused extends Error {}

interface Waiting {
  job: HashJob;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  busy: (Waiting & { id: number; timer: NodeJS.Timeout }) | null;
  answered: boolean;
}

/** After a worker failed to start, how long jobs run on the event loop before one is tried. */
const pauseAfterBrokenStartMs = 60_000;

/**
 * Hashes large inputs off the event loop (DESIGN §2 "heavy CPU work runs off the event loop"):
 * keccak-256 of statements and of many pincode ciphertexts, the EIP-191 digest the wallet signs,
 * the signer of a large statement. A few `node:worker_threads` workers, started at the first
 * large input and idle (unreferenced) between jobs, each given one job at a time. A job whose
 * worker fails, exits or hangs is done here instead, so a call never fails for a worker's
 * sake. Workers hold nothing secret: what they see is what the ledger stores.
 */
export class HashPool {
  readonly #size: number;
  readonly #options: typeof hashPoolDefaults;
  readonly #log: NonNullable<HashPoolOptions['log']>;
  readonly #workerUrl: URL;
  readonly #workers: PoolWorker[] = [];
  readonly #queue: Waiting[] = [];
  #nextId = 0;
  #brokenUntil = 0;
  #closed = false;

  constructor(options: HashPoolOptions = {}) {
    this.#size = Math.max(1, options.size ?? availableParallelism() - 1);
    this.#options = {
      workerFrom: options.workerFrom ?? hashPoolDefaults.workerFrom,
      textsPerJob: options.textsPerJob ?? hashPoolDefaults.textsPerJob,
      jobTimeoutMs: options.jobTimeoutMs ?? hashPoolDefaults.jobTimeoutMs,
    };
    this.#log = options.log ?? (() => undefined);
    this.#workerUrl = options.workerUrl ?? new URL('./hash-worker.mjs', import.meta.url);
  }

  /** keccak-256 of each text's UTF-8 bytes, in order; null for null or an empty text. */
  async keccak(texts: readonly (string | null | undefined)[]): Promise<(string | null)[]> {
    const all = texts.map((text) => text ?? null);
    const { textsPerJob } = this.#options;
    if (lengthOf(all) < this.#options.workerFrom) return runHashJob({ op: 'keccak', texts: all });
    const jobs: Promise<(string | null)[]>[] = [];
    for (let i = 0; i < all.length; i += textsPerJob) {
      jobs.push(this.#run({ op: 'keccak', texts: all.slice(i, i + textsPerJob) }));
    }
    return (await Promise.all(jobs)).flat();
  }

  /** keccak-256 of one text (`keccak` of one). */
  async keccakOne(text: string): Promise<string> {
    const [hash] = await this.keccak([text]);
    return hash!;
  }

  /** The EIP-191 digest of a message: what an ethers key's `signMessage` signs. */
  digest(message: string): Promise<string> {
    return this.#small(message) ?? this.#run({ op: 'digest', message });
  }

  /** Who signed `message` (EIP-191); `HashJobRefused` when the signature cannot be read. */
  recover(message: string, signature: string): Promise<string> {
    return this.#small(message, signature) ?? this.#run({ op: 'recover', message, signature });
  }

  /** How many workers run now (they start at the first large input). */
  get workers(): number {
    return this.#workers.length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const workers = this.#workers.splice(0);
    const closed = new Error('the hash pool is closed');
    for (const waiting of this.#queue.splice(0)) waiting.reject(closed);
    for (const { busy } of workers) {
      if (!busy) continue;
      clearTimeout(busy.timer);
      busy.reject(closed);
    }
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }

  /** A digest or a recovery of a short message, here; undefined for a long one. */
  #small(message: string, signature?: string): Promise<string> | undefined {
    if (message.length >= this.#options.workerFrom) return undefined;
    try {
      return Promise.resolve(
        signature === undefined
          ? runHashJob({ op: 'digest', message })
          : runHashJob({ op: 'recover', message, signature }),
      );
    } catch (error) {
      return Promise.reject(new HashJobRefused((error as Error).message));
    }
  }

  /** In a worker; here (in pieces for a batch of texts) when the worker fails. */
  #run<J extends HashJob>(job: J): Promise<HashResult<J>> {
    return new Promise<unknown>((resolve, reject) => {
      if (this.#closed) return reject(new Error('the hash pool is closed'));
      if (Date.now() < this.#brokenUntil) return reject(new Error('the hash workers do not start'));
      this.#queue.push({ job, resolve, reject });
      this.#dispatch();
    }).catch(async (error: Error) => {
      if (error instanceof HashJobRefused || this.#closed) throw error;
      this.#log('warn', 'a hash worker failed; its job runs on the event loop', error);
      return this.#here(job);
    }) as Promise<HashResult<J>>;
  }

  async #here(job: HashJob): Promise<unknown> {
    if (job.op !== 'keccak') {
      try {
        return runHashJob(job);
      } catch (error) {
        throw new HashJobRefused((error as Error).message);
      }
    }
    const hashes: (string | null)[] = [];
    for (let i = 0; i < job.texts.length; i += 50) {
      if (i > 0) await yieldToLoop();
      hashes.push(...runHashJob({ op: 'keccak', texts: job.texts.slice(i, i + 50) }));
    }
    return hashes;
  }

  /** Gives waiting jobs to idle workers, starting workers up to the pool's size. */
  #dispatch(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      const idle =
        this.#workers.find(({ busy }) => busy === null) ??
        (this.#workers.length < this.#size ? this.#start() : null);
      if (!idle) return;
      const waiting = this.#queue.shift()!;
      const id = (this.#nextId += 1);
      const timer = setTimeout(
        () => this.#retire(idle, new Error(`no answer within ${this.#options.jobTimeoutMs} ms`)),
        this.#options.jobTimeoutMs,
      );
      idle.busy = { ...waiting, id, timer };
      idle.worker.ref();
      idle.worker.postMessage({ id, job: waiting.job });
    }
  }

  #start(): PoolWorker {
    const worker = new Worker(this.#workerUrl);
    const pooled: PoolWorker = { worker, busy: null, answered: false };
    worker.unref();
    worker.on('message', (answer: { id: number; result?: unknown; error?: string }) => {
      const busy = pooled.busy;
      if (!busy || busy.id !== answer.id) return;
      clearTimeout(busy.timer);
      pooled.busy = null;
      pooled.answered = true;
      worker.unref();
      if ('result' in answer) busy.resolve(answer.result);
      else busy.reject(new HashJobRefused(answer.error ?? 'the hash worker answered nothing'));
      this.#dispatch();
    });
    worker.on('error', (error) => this.#retire(pooled, error));
    worker.on('exit', (code) => this.#retire(pooled, new Error(`hash worker exited (${code})`)));
    this.#workers.push(pooled);
    this.#log('info', 'hash worker started');
    return pooled;
  }

  /** Takes a failed or hung worker out of the pool; its job is done on the event loop. */
  #retire(pooled: PoolWorker, error: Error): void {
    const at = this.#workers.indexOf(pooled);
    if (at < 0) return;
    this.#workers.splice(at, 1);
    void pooled.worker.terminate();
    const busy = pooled.busy;
    pooled.busy = null;
    if (busy) {
      clearTimeout(busy.timer);
      busy.reject(error);
    }
    if (!pooled.answered && !error.message.startsWith('no answer')) {
      // A worker that could not even start (its file missing, say): the event loop does the
      // work meanwhile, rather than a new worker failing for every job.
      this.#brokenUntil = Date.now() + pauseAfterBrokenStartMs;
      for (const waiting of this.#queue.splice(0)) waiting.reject(error);
      return;
    }
    // The jobs waiting behind it go to the workers left, or to a new one.
    this.#dispatch();
  }
}

function lengthOf(texts: readonly (string | null)[]): number {
  let length = 0;
  for (const text of texts) length += text?.length ?? 0;
  return length;
}

let shared: HashPool | undefined;

/**
 * The process's hash pool: its workers compute, keep nothing, and sleep unreferenced between
 * jobs, so every app and wallet of one process shares them.
 */
export function sharedHashPool(): HashPool {
  return (shared ??= new HashPool());
}
