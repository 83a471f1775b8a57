import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { takePostgresDatabase } from './postgres-pool.ts';
import { startTestApp, type TestServer } from './start-app.ts';
import { waitFor } from './wait-for.ts';

/**
 * Two instances need one PostgreSQL database (PGlite has one process per database) and a Redis
 * server binary to start (DESIGN §2 "Scale out").
 */
export const twoInstancesPossible = () =>
  spawnSync('redis-server', ['--version']).status === 0 && !!inject('testDatabaseUrl');

/**
 * Two portal instances on one PostgreSQL database, joined by feathers-sync over a Redis server of
 * the test's own, signing tokens and ledger events alike. `stop` ends both and the Redis server.
 */
export async function startTwoInstances(): Promise<{
  a: TestServer;
  b: TestServer;
  stop: () => Promise<void>;
}> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const redis: ChildProcess = spawn('redis-server', [
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  let output = '';
  redis.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('redis to accept connections', () => output.includes('Ready to accept'));
  const env = {
    REDIS_URL: `redis://127.0.0.1:${port}`,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SERVER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
  };
  const database = await takePostgresDatabase();
  if (!database) throw new Error('two instances need the api-postgres project');
  const databaseUrl = database.url;
  const [a, b] = await Promise.all([
    startTestApp({ env, databaseUrl }),
    startTestApp({ env, databaseUrl }),
  ]);
  for (const instance of [a, b]) {
    await (instance.portal.app as unknown as { sync: { ready: Promise<void> } }).sync.ready;
  }
  return {
    a,
    b,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await database.release();
      redis.kill();
    },
  };
}
