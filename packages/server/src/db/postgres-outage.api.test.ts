import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { TcpProxy } from '../test/tcp-proxy.ts';
import { useTestService } from '../test/test-service.ts';
import { healthStatus, waitFor } from '../test/wait-for.ts';

const databaseUrl = inject('testDatabaseUrl');

/** The run's database URL, reached through the proxy instead. */
function throughProxy(proxy: TcpProxy): string {
  const url = new URL(databaseUrl!);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
}

function newProxy(): TcpProxy {
  const url = new URL(databaseUrl!);
  return new TcpProxy(url.hostname, Number(url.port || 5432));
}

// PGlite lives inside the process and cannot go away; this runs in the api-postgres project.
describe.skipIf(!databaseUrl)('PostgreSQL going away (needs TEST_DATABASE_URL)', () => {
  const proxies: TcpProxy[] = [];
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const proxy of proxies) await proxy.close();
  });

  describe('while running', () => {
    let proxy: TcpProxy;
    let server: TestServer;
    beforeAll(async () => {
      proxy = newProxy();
      proxies.push(proxy);
      await proxy.open();
      server = await startTestApp({ databaseUrl: throughProxy(proxy) });
      servers.push(server);
      useTestService(server.portal.app, 'test-counts', {
        async find() {
          return server.knex('organizations').count();
        },
      });
    });

    it('answers 503 while the database is away, keeps serving, and recovers by itself', async () => {
      expect(await healthStatus(server.baseUrl)).toBe(200);
      expect((await fetch(`${server.baseUrl}/api/test-counts`)).status).toBe(200);

      await proxy.close();
      await waitFor('health 503', async () => (await healthStatus(server.baseUrl)) === 503);
      const health = await fetch(`${server.baseUrl}/health`);
      expect(await health.json()).toMatchObject({
        status: 'unavailable',
        parts: { database: { state: 'down' }, migrations: { state: 'up' } },
      });
      expect((await fetch(`${server.baseUrl}/api/app-info`)).status).toBe(200);
      const query = await fetch(`${server.baseUrl}/api/test-counts`);
      expect(query.status).toBe(503);
      expect(await query.json()).toMatchObject({ data: { code: 'database_unavailable' } });

      await proxy.open();
      await waitFor('health 200', async () => (await healthStatus(server.baseUrl)) === 200);
      expect((await fetch(`${server.baseUrl}/api/test-counts`)).status).toBe(200);
    });
  });

  it('listens while the database is unreachable at start, then migrates once it is back', async () => {
    const proxy = newProxy();
    proxies.push(proxy);
    await proxy.open(); // reserve a port, then take the database away
    await proxy.close();
    const server = await startTestApp({ databaseUrl: throughProxy(proxy), waitForHealthy: false });
    servers.push(server);
    expect(await healthStatus(server.baseUrl)).toBe(503);
    expect((await fetch(`${server.baseUrl}/api/app-info`)).status).toBe(200);

    await proxy.open();
    await waitFor('health 200', async () => (await healthStatus(server.baseUrl)) === 200);
    await expect(server.portal.ready).resolves.toMatchObject({ demoLoaded: false });
  });
});
