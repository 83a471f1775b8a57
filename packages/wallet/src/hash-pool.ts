import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { runHashJob, type HashJob, type HashResult } from './hash-ops.mjs';
import { WorkerFailed, WorkerPool, WorkerRefused } from './worker-pool.ts';

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
 * Measured on the two-core test machine: keccak-256 in JavaScript hashes 5 to 10 MB a second, so a 10,000-release statement (1.5 MB) costs 150 to 300 ms per hash,
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

/**
 * Hashes large inputs off the event loop (docs/production.md, "Heavy work and its budgets"):
 * keccak-256 of statements and of many pincode ciphertexts, the EIP-191 digest the wallet signs,
 * the signer of a large statement, in a `WorkerPool` of `hash-worker.mjs`. A job whose worker
 * fails, exits or hangs is done here instead, so a call never fails for a worker's sake.
 * Workers hold nothing secret: what they see is what the ledger stores.
 */
export class HashPool {
  readonly #options: typeof hashPoolDefaults;
  readonly #log: NonNullable<HashPoolOptions['log']>;
  readonly #pool: WorkerPool;

  constructor(options: HashPoolOptions = {}) {
    this.#options = {
      workerFrom: options.workerFrom ?? hashPoolDefaults.workerFrom,
      textsPerJob: options.textsPerJob ?? hashPoolDefaults.textsPerJob,
      jobTimeoutMs: options.jobTimeoutMs ?? hashPoolDefaults.jobTimeoutMs,
    };
    this.#log = options.log ?? (() => undefined);
    this.#pool = new WorkerPool({
      name: 'hash',
      workerUrl: options.workerUrl ?? new URL('./hash-worker.mjs', import.meta.url),
      ...(options.size === undefined ? {} : { size: options.size }),
      jobTimeoutMs: this.#options.jobTimeoutMs,
      log: this.#log,
    });
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
    return this.#pool.workers;
  }

  close(): Promise<void> {
    return this.#pool.close();
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

  /** In a worker; here (in pieces for a batch of texts) when the workers fail. */
  async #run<J extends HashJob>(job: J): Promise<HashResult<J>> {
    if (!this.#pool.broken) {
      try {
        return await this.#pool.run<HashResult<J>>(job);
      } catch (error) {
        if (error instanceof WorkerRefused) throw new HashJobRefused(error.message);
        if (!(error instanceof WorkerFailed)) throw error;
        this.#log('warn', 'a hash worker failed; its job runs on the event loop', error);
      }
    }
    return (await this.#here(job)) as HashResult<J>;
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
