import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../test/spawn-server.ts';
import { seedDataDir, tempDir } from '../test/start-app.ts';
import { healthStatus, waitFor } from '../test/wait-for.ts';

/**
 * Issue 9 §5 acceptance: a production start (`NODE_ENV=production`, the server's bundle in a child
 * process) answers with the security headers, the precompressed script and a refused source map.
 */

const script = 'export function portal() { return "secure container release"; }\n'.repeat(400);
const indexHtml = `<!doctype html><title>Portal</title><script type="module" src="/assets/main-abc123.js"></script>
<div id="root"></div>${'<!-- padding so the page is worth compressing -->'.repeat(40)}`;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that shows the bytes as sent: fetch() would decompress them behind our back. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('issue 9 §5: browser and transport, on a production start', { timeout: 120_000 }, () => {
  let dir: string;
  let server: ServerProcess;
  let baseUrl: string;

  beforeAll(async () => {
    dir = tempDir('scr-production-');
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), indexHtml);
    const asset = join(dist, 'assets', 'main-abc123.js');
    writeFileSync(asset, script);
    // What the web build's precompress step writes beside every hashed asset.
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    writeFileSync(`${asset}.map`, '{"version":3,"sources":["../src/secret-source.ts"]}');
    server = spawnServer({
      NODE_ENV: 'production',
      // The run's migrated database: what is tested here starts after it.
      DATA_DIR: seedDataDir(join(dir, 'data')),
      WEB_DIST: dist,
      PUBLIC_URL: 'https://portal.example',
    });
    baseUrl = `http://127.0.0.1:${await server.port()}`;
    await waitFor('health 200', async () => (await healthStatus(baseUrl)) === 200, {
      timeoutMs: 60_000,
    });
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the security headers with the page: CSP without inline scripts, no framing by other sites, HSTS', async () => {
    const page = await rawGet(`${baseUrl}/`);
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
    // Organisations' on-premise wallets: any https origin; plain http only on loopback.
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https: http://localhost:* http://127.0.0.1:* http://[::1]:*",
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves the hashed script precompressed, brotli first, else gzip, cached for good', async () => {
    const url = `${baseUrl}/assets/main-abc123.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses index.html on client-side routes as it is sent', async () => {
    const page = await rawGet(`${baseUrl}/releases/BL123`, { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(gunzipSync(page.body).toString()).toBe(indexHtml);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses the source map with the catalogued 404', async () => {
    const map = await rawGet(`${baseUrl}/assets/main-abc123.js.map`);
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain('secret-source');
    expect(JSON.parse(map.body.toString())).toMatchObject({ data: { code: 'not_found' } });
  });

  it('shows no version in /api/app-info', async () => {
    const answer = await rawGet(`${baseUrl}/api/app-info`);
    expect(answer.status).toBe(200);
    const info = JSON.parse(answer.body.toString()) as Record<string, unknown>;
    expect(info.environment).toBe('production');
    expect(info).not.toHaveProperty('version');
    expect(answer.headers['content-security-policy']).toBeDefined();
  });

  it('keeps socket.io (long polling too) and the cloud wallet working behind the headers', async () => {
    const socket = io(baseUrl, { transports: ['polling'], forceNew: true });
    try {
      const answer = await new Promise<unknown[]>((resolve) =>
        socket.emit('find', 'app-info', {}, (...args: unknown[]) => resolve(args)),
      );
      expect(answer[0]).toBeNull();
      expect(answer[1]).toMatchObject({ environment: 'production' });
    } finally {
      socket.disconnect();
    }
    const unlock = await fetch(`${baseUrl}/wallet/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      body: JSON.stringify({ userId: '999999', password: 'not the password' }),
    });
    expect(unlock.status).toBeGreaterThanOrEqual(400);
    expect(unlock.status).toBeLessThan(500);
    expect(await unlock.json()).toBeTypeOf('object');
    expect(unlock.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
