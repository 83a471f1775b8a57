import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../test/start-app.ts';

describe('GET /health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server?.stop());

  it('answers 200 with the database up once migrations have run', async () => {
    const response = await fetch(`${server.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('is not under /api', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(404);
  });

  it('answers 503 before the migrations have completed', async () => {
    server.portal.app.set('databaseReady', false);
    try {
      const response = await fetch(`${server.baseUrl}/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      server.portal.app.set('databaseReady', true);
    }
  });
});
