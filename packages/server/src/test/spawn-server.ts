import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits for the "listening" log line and returns the bound port. */
  port(): Promise<number>;
}

/** Runs `node --import tsx packages/server/src/main.ts` as `npm run serve` does. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
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
      await waitFor('the server to listen', () => {
        if (stopped) throw new Error(`server exited early:\n${output}`);
        const line = output.split('\n').find((l) => l.includes('"msg":"listening"'));
        if (line) port = (JSON.parse(line) as { port: number }).port;
        return port > 0;
      });
      return port;
    },
  };
}
