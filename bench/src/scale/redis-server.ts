import { spawn } from 'node:child_process';
import { freePort } from './server-process.ts';

/**
 * A private `redis-server` on a free port, without persistence (as the server's two-instance
 * tests start one): the bench never touches the machine's shared Redis.
 */
export async function startRedis(): Promise<{
  url: string;
  stop(): Promise<void>;
}> {
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no']);
  const exited = new Promise<void>((resolve) => redis.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      20_000,
    );
    redis.once('error', reject);
    redis.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      redis.kill();
      await exited;
    },
  };
}
