import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '../build/server-bundle.ts';
import { testSharedBuffersMb } from './global-setup.ts';
import { waitFor } from './wait-for.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits for the "listening" log line and returns the bound port. */
  port(): Promise<number>;
}

/**
 * Runs the server's bundle as `npm run serve` does (`node packages/server/dist/main.mjs`), built
 * from the sources of this run by the server project's global setup (global-setup.ts).
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  return spawnScript(
    [serverBundle],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PGLITE_SHARED_BUFFERS_MB: String(testSharedBuffersMb),
      ...env,
    },
    (line) =>
      line.includes('"msg":"listening"') ? (JSON.parse(line) as { port: number }).port : 0,
  );
}

/** Runs the standalone wallet as `npm run wallet [-- args]` does. */
export function spawnWallet(args: string[], env: Record<string, string>): ServerProcess {
  const walletMain = fileURLToPath(new URL('../../../wallet/src/main.ts', import.meta.url));
  return spawnScript(
    ['--import', 'tsx', walletMain, ...args],
    { WALLET_PORT: '0', WALLET_HOST: '127.0.0.1', ...env },
    (line) => Number(/wallet listening on port (\d+)/.exec(line)?.[1] ?? 0),
  );
}

/** Runs `node <nodeArgs>`; `portOf` reads the bound port from a log line. */
function spawnScript(
  nodeArgs: string[],
  env: Record<string, string>,
  portOf: (line: string) => number,
): ServerProcess {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stopped = false;
  void exited.then(() => (stopped = true));
  return {
    child,
    output: () => output,
    exited,
    async port() {
      let port = 0;
      // A start loads the bundle and its packages: on a loaded machine that takes a while.
      await waitFor(
        'the server to listen',
        () => {
          if (stopped) throw new Error(`server exited early:\n${output}`);
          port = Math.max(0, ...output.split('\n').map(portOf));
          return port > 0;
        },
        { timeoutMs: 90_000 },
      );
      return port;
    },
  };
}
