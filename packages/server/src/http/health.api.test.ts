import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { readinessOf } from './readiness.ts';

/** Issue 42 item 7: the liveness and readiness probes, and `/health` kept as readiness. */
describe('GET /health/live, /health/ready and /health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server?.stop());

  const get = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    return {
      status: response.status,
      cacheControl: response.headers.get('cache-control'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };

  it('answers ready with every part up once migrations have run, /health alike', async () => {
    for (const path of ['/health/ready', '/health']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.cacheControl).toBe('no-store');
      expect(answer.body).toMatchObject({
        status: 'ready',
        parts: {
          database: { state: 'up', detail: expect.stringMatching(/^answered in \d+ ms$/) },
          migrations: { state: 'up', detail: expect.stringContaining('schema current') },
        },
      });
    }
  });

  it('answers live without asking the database, HEAD too', async () => {
    // The app's background workers (outbox, jobs) share the knex and may send theirs meanwhile:
    // what readiness asks (`select 1`, the migrations) must not be among them.
    let statements = 0;
    const count = (query: { sql: string }) => {
      if (/^select 1$|knex_migrations/i.test(query.sql.trim())) statements += 1;
    };
    server.knex.on('query', count);
    try {
      const answer = await get('/health/live');
      expect(answer).toEqual({ status: 200, cacheControl: 'no-store', body: { status: 'live' } });
      const head = await fetch(`${server.baseUrl}/health/live`, { method: 'HEAD' });
      expect(head.status).toBe(200);
    } finally {
      server.knex.off('query', count);
    }
    expect(statements).toBe(0);
  });

  it('is not under /api, and refuses other methods', async () => {
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/health/ready`)).status).toBe(404);
    const post = await fetch(`${server.baseUrl}/health/ready`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('answers 503 naming a part that is down, and 503 "degraded" for a degraded one', async () => {
    const readiness = readinessOf(server.portal.app);
    readiness.add('test-part', () => ({ state: 'degraded', detail: 'half of it is missing' }));
    try {
      const degraded = await get('/health/ready');
      expect(degraded.status).toBe(503);
      expect(degraded.body).toMatchObject({
        status: 'degraded',
        parts: {
          database: { state: 'up' },
          'test-part': { state: 'degraded', detail: 'half of it is missing' },
        },
      });
      readiness.add('test-part', () => {
        throw new Error('the check itself failed');
      });
      const down = await get('/health');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        status: 'unavailable',
        parts: { 'test-part': { state: 'down', detail: 'the check itself failed' } },
      });
      // Liveness is about the process only.
      expect((await get('/health/live')).status).toBe(200);
    } finally {
      readiness.remove('test-part');
    }
    expect((await get('/health/ready')).status).toBe(200);
  });
});
