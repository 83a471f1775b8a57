import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBundle } from '../../../packages/server/src/build/server-bundle.ts';
import { freePort } from '../../../packages/server/src/test/private-redis.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const probeModule = new URL('./server-probe.mjs', import.meta.url).href;

/** What the probe inside the server reads (`server-probe.mjs`). */
export interface ServerReading {
  eventLoop: { maxMs: number; p99Ms: number; meanMs: number; samples: number; gcMaxMs: number };
  rssMb: number;
  rssPeakMb: number;
  heapUsedMb: number;
  cpuMs: number;
}

/** A statement the server sent to PostgreSQL while recording. */
export interface SentStatement {
  text: string;
  prepared: boolean;
}

/** The settings every instance of one measurement shares (one database, one Redis, one secret). */
export interface ServerSettings {
  databaseUrl: string;
  /** PUBLIC_URL, the same on every instance (behind one load balancer): tokens' audience. */
  publicUrl: string;
  redisUrl?: string;
  authSecret: string;
  serverPrivateKey: string;
}

/** A portal running as `npm run serve` runs it, in a process of its own, with the bench's probe. */
export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Settles when the process exits, with why, and the end of what it wrote. */
  exited: Promise<{ code: number | null; signal: string | null; output: string }>;
  running(): boolean;
  /** Resident memory now, read from /proc (whatever its event loop is doing), in MB. */
  rssMb(): number | null;
  /** CPU time used so far (user and system, all threads), from /proc, in ms (10 ms ticks). */
  cpuMs(): number | null;
  /** The probe's reading; with `reset`, a fresh window (event-loop histogram, RSS peak) starts. */
  read(reset?: boolean): Promise<ServerReading>;
  /** Starts recording the statements sent to PostgreSQL; `statements()` stops and answers them. */
  record(): Promise<void>;
  statements(): Promise<SentStatement[]>;
  stop(): Promise<void>;
}

/** Bundles the server from this checkout's sources (`npm run build -w @scr/server`), once. */
let built: Promise<void> | null = null;
export const buildServerOnce = () => (built ??= buildServer());

/**
 * Starts the built bundle in production mode (no demo data, the expiry job off, requests not
 * logged) on a free port and waits for `/health` to answer 200. The sign-in call limit is
 * raised: the bench's 1,000 sockets all sign in from 127.0.0.1.
 */
export async function startServer(settings: ServerSettings): Promise<ServerProcess> {
  await buildServerOnce();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'scr-bench-scale-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: settings.publicUrl,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: settings.databaseUrl,
    AUTH_SECRET: settings.authSecret,
    SERVER_PRIVATE_KEY: settings.serverPrivateKey,
    EXPIRY_JOB_INTERVAL_MS: '0',
    SIGN_IN_CALLS_PER_IP_PER_MINUTE: '100000',
  };
  delete env.REDIS_URL;
  if (settings.redisUrl) env.REDIS_URL = settings.redisUrl;
  // BENCH_SERVER_CPU_PROF=DIR: each server writes a CPU profile there when it stops (for
  // Chrome's DevTools or `speedscope`), to find what holds its event loop.
  const profileDir = process.env.BENCH_SERVER_CPU_PROF;
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profiling, '--import', probeModule, serverBundle],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let nextId = 0;
  const pending = new Map<number, (answer: Record<string, unknown>) => void>();
  child.on('message', (message: { scaleProbe?: string; id?: number }) => {
    if (message?.scaleProbe !== 'answer' || message.id === undefined) return;
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  let running = true;
  const exited = new Promise<{ code: number | null; signal: string | null; output: string }>(
    (resolve) =>
      child.once('close', (code, signal) => {
        running = false;
        for (const [, settle] of pending) settle({ exited: true });
        pending.clear();
        resolve({ code, signal, output });
      }),
  );

  const ask = (scaleProbe: string, extra: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      const exitedMeanwhile = () =>
        reject(new Error(`the server has exited:\n${output.slice(-2000)}`));
      if (!running) return exitedMeanwhile();
      pending.set(id, (answer) => (answer.exited ? exitedMeanwhile() : resolve(answer)));
      child.send({ scaleProbe, id, ...extra });
    });

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!running) throw new Error(`the server exited while starting:\n${output}`);
    const status = await fetch(`${baseUrl}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`/health answered ${status} for 3 min:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    exited,
    running: () => running,
    rssMb() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
        return kb ? Number(kb) / 1024 : null;
      } catch {
        return null;
      }
    },
    cpuMs() {
      try {
        // After the command's closing parenthesis: state is field 3, utime and stime 14 and 15.
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        return null;
      }
    },
    read: async (reset = false) => (await ask('read', { reset })).reading as ServerReading,
    record: async () => void (await ask('record')),
    statements: async () => (await ask('statements')).statements as SentStatement[],
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
