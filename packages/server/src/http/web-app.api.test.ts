import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../test/captured-log.ts';
import { startTestApp, tempDir, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';

const indexHtml = '<!doctype html><title>Portal</title><div id="root"></div>';

describe('the web app', () => {
  let server: TestServer;
  let dist: string;
  const log = capturedLog('debug');
  beforeAll(async () => {
    dist = tempDir('scr-dist-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    server = await startTestApp({ env: { WEB_DIST: dist }, logger: log.logger });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`${server.baseUrl}${path}`);

  it.each(['/', '/releases', '/releases/BL123/containers', '/settings?tab=profile'])(
    'serves index.html for %s',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(indexHtml);
    },
  );

  it('serves hashed assets with a long cache', async () => {
    const response = await get('/assets/main-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('answers a missing file with 404, not index.html', async () => {
    const response = await get('/assets/missing.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });

  it.each(['/api/no-such-service', '/wallet/unlock', '/api'])(
    'never serves index.html for %s',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ data: { code: 'not_found' } });
    },
  );

  it('issue 9 §5: every answer carries the security headers; no HSTS over plain http', async () => {
    for (const path of ['/', '/assets/main-abc123.js', '/api/app-info', '/api/no-such-service']) {
      const response = await get(path);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self';");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('issue 9 §5: still serves a source map outside production', async () => {
    writeFileSync(join(dist, 'assets', 'main-abc123.js.map'), '{"version":3}');
    const response = await get('/assets/main-abc123.js.map');
    expect(response.status).toBe(200);
  });

  it('logs a browser that leaves mid-download at debug level, not as a server error', async () => {
    // Larger than the socket buffers of both ends, so that the answer is still streaming when
    // the client goes (a reload, a closed tab), and random, so that no compression shrinks it.
    writeFileSync(join(dist, 'assets', 'large-abc123.bin'), randomBytes(16 * 1024 * 1024));
    await new Promise<void>((resolve, reject) => {
      const call = request(`${server.baseUrl}/assets/large-abc123.bin`, (response) => {
        response.once('data', () => {
          call.destroy();
          resolve();
        });
      });
      call.on('error', (error) => (call.destroyed ? undefined : reject(error)));
      call.end();
    });
    // The line the server writes when it notices, whichever it is.
    const noticed = () => log.lines.find(({ msg }) => /client closed|server error/.test(msg));
    await waitFor('the server to notice the client left', () => noticed() !== undefined);
    expect(noticed()).toMatchObject({
      level: 'debug',
      msg: 'the client closed the connection before the answer ended',
      // Which of them depends on where the answer was when the connection went.
      code: expect.stringMatching(/^(ERR_STREAM_PREMATURE_CLOSE|ECONNRESET|EPIPE)$/),
      path: '/assets/large-abc123.bin',
    });
    expect(log.lines.filter(({ level }) => level === 'error' || level === 'fatal')).toEqual([]);
  });

  it('does not escape the dist folder', async () => {
    const response = await get('/..%2f..%2f..%2fetc%2fpasswd');
    expect(await response.text()).not.toContain('root:');
  });
});

describe('without a built web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server?.stop());

  it('says so on non-API paths and still serves the API', async () => {
    const response = await fetch(`${server.baseUrl}/releases`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
    expect((await fetch(`${server.baseUrl}/api/app-info`)).status).toBe(200);
  });
});
