import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from './test/start-app.ts';
import { useTestService } from './test/test-service.ts';
import { waitFor } from './test/wait-for.ts';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Ping {
  id: number;
  text: string;
}

/** A service both instances register, as every instance registers the same services. */
function pings() {
  let id = 0;
  return {
    async create(data: { text: string }): Promise<Ping> {
      id += 1;
      return { id, text: data.text };
    },
  };
}

describe.skipIf(!hasRedis)('events between instances through Redis (needs redis-server)', () => {
  let redis: ChildProcess;
  let a: TestServer;
  let b: TestServer;
  let bPings: ReturnType<typeof useTestService>;
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no']);
    let output = '';
    redis.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor('redis to accept connections', () => output.includes('Ready to accept'));
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    [a, b] = await Promise.all([
      startTestApp({ env, databaseUrl: null }),
      startTestApp({ env, databaseUrl: null }),
    ]);
    for (const server of [a, b]) {
      const service = useTestService(server.portal.app, 'test-pings', pings());
      if (server === b) bPings = service;
      await (server.portal.app as unknown as { sync: { ready: Promise<void> } }).sync.ready;
    }
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    redis?.kill();
  });

  it('delivers a service event of one instance to the other', async () => {
    const received = new Promise<Ping>((resolve) => bPings.once('created', resolve));
    const response = await fetch(`${a.baseUrl}/api/test-pings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hello from a' }),
    });
    expect(response.status).toBe(201);
    expect(await received).toEqual({ id: 1, text: 'hello from a' });
  });
});
