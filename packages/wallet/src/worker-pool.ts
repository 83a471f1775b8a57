import { availableParallelism } from 'node:os';
import { Worker, type Transferable } from 'node:worker_threads';

/** The worker crashed, exited, did not answer in time or could not start: do the job elsewhere. */
export class WorkerFailed extends Error {}

/** The worker answered that this job cannot be done (a signature that does not recover, say). */
export class WorkerRefused extends Error {}

export interface WorkerPoolOptions {
  /** What the workers do, for the log: `pincode`, `hash`. */
  name: string;
  /** The worker's module. It answers each `{id, job}` with `{id, result}` or `{id, error}`. */
  workerUrl: URL;
  /** Workers at most; the machine's cores less one (at least one) by default. */
  size?: number;
  /** How long a worker may take over one job, from when it takes it, before it is replaced. */
  jobTimeoutMs: number;
  log: (level: 'info' | 'warn', message: string, detail?: unknown) => void;
}

interface Waiting {
  job: unknown;
  transfer: readonly Transferable[];
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface PoolWorker {
  worker: Worker;
  busy: (Waiting & { id: number; timer: NodeJS.Timeout }) | null;
  answered: boolean;
}

/** After a worker failed to start, how long `broken` says so before a worker is tried again. */
const pauseAfterBrokenStartMs = 60_000;

/**
 * A few `node:worker_threads` workers for heavy CPU work (docs/production.md, "Heavy work and its
 * budgets"): started at the first job, idle (unreferenced, so they never hold the process open)
 * between jobs, each given one job at a time from a queue in order. A worker that crashes, exits
 * or does not answer within `jobTimeoutMs` is replaced and its job fails with `WorkerFailed`, so
 * the caller does it itself; one that cannot even start makes the pool `broken` for a minute,
 * rather than a new worker failing for every job. The pincode and hash pools are built on it.
 */
export class WorkerPool {
  readonly #options: WorkerPoolOptions;
  readonly #size: number;
  readonly #workers: PoolWorker[] = [];
  readonly #queue: Waiting[] = [];
  #nextId = 0;
  #brokenUntil = 0;
  #closed = false;

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
    this.#size = Math.max(1, options.size ?? availableParallelism() - 1);
  }

  /** Whether a worker lately failed to start: jobs are better done by the caller meanwhile. */
  get broken(): boolean {
    return Date.now() < this.#brokenUntil;
  }

  /** How many workers run now (they start at the first job). */
  get workers(): number {
    return this.#workers.length;
  }

  /** The job's result, from a worker; `transfer` moves those buffers to it (none stays here). */
  run<R>(job: unknown, transfer: readonly Transferable[] = []): Promise<R> {
    return new Promise<unknown>((resolve, reject) => {
      if (this.#closed) return reject(new Error(`the ${this.#options.name} pool is closed`));
      if (this.broken)
        return reject(new WorkerFailed(`the ${this.#options.name} workers do not start`));
      this.#queue.push({ job, transfer, resolve, reject });
      this.#dispatch();
    }) as Promise<R>;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const workers = this.#workers.splice(0);
    const closed = new Error(`the ${this.#options.name} pool is closed`);
    for (const waiting of this.#queue.splice(0)) waiting.reject(closed);
    for (const { busy } of workers) {
      if (!busy) continue;
      clearTimeout(busy.timer);
      busy.reject(closed);
    }
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
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
      const { jobTimeoutMs } = this.#options;
      const timer = setTimeout(
        () => this.#retire(idle, new WorkerFailed(`no answer within ${jobTimeoutMs} ms`)),
        jobTimeoutMs,
      );
      idle.busy = { ...waiting, id, timer };
      idle.worker.ref();
      idle.worker.postMessage({ id, job: waiting.job }, [...waiting.transfer]);
    }
  }

  #start(): PoolWorker {
    const { name, workerUrl, log } = this.#options;
    const worker = new Worker(workerUrl);
    const pooled: PoolWorker = { worker, busy: null, answered: false };
    worker.unref();
    worker.on('message', (answer: { id: number; result?: unknown; error?: string }) => {
      const busy = pooled.busy;
      if (!busy || busy.id !== answer.id) return;
      clearTimeout(busy.timer);
      pooled.busy = null;
      if (!pooled.answered) log('info', `${name} worker started`);
      pooled.answered = true;
      worker.unref();
      if ('result' in answer) busy.resolve(answer.result);
      else busy.reject(new WorkerRefused(answer.error ?? `the ${name} worker answered nothing`));
      this.#dispatch();
    });
    worker.on('error', (error) => this.#retire(pooled, new WorkerFailed(error.message)));
    worker.on('exit', (code) =>
      this.#retire(pooled, new WorkerFailed(`${name} worker exited (${code})`)),
    );
    this.#workers.push(pooled);
    return pooled;
  }

  /** Takes a failed or hung worker out of the pool; its job fails with `WorkerFailed`. */
  #retire(pooled: PoolWorker, error: WorkerFailed): void {
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
      // It could not even start (its file missing, say): not a new worker for every job.
      this.#brokenUntil = Date.now() + pauseAfterBrokenStartMs;
      for (const waiting of this.#queue.splice(0)) waiting.reject(error);
      return;
    }
    this.#dispatch();
  }
}
