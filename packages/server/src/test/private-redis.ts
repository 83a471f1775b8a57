import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { waitFor } from './wait-for.ts';

/**
 * A Redis server of the test's own (Debian's `redis-server`, on a free port, nothing on disk),
 * so a test can stop, pause and start it without touching the machine's shared Redis.
 */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: as a crash or a lost host looks to the portal). */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing). */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as a hung server. */
  pause(): void;
  resume(): void;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | null = null;
  const start = async () => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(`redis on port ${port} to accept connections`, () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
      return output.includes('Ready to accept');
    });
    server = child;
  };
  const stop = async () => {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    pause: () => server?.kill('SIGSTOP'),
    resume: () => server?.kill('SIGCONT'),
  };
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
