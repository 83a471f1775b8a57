import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFileName } from './db/data-dir-lock.ts';
import { spawnServer, type ServerProcess } from './test/spawn-server.ts';
import { connectionRefused, slowRequest } from './test/slow-request.ts';
import { seedDataDir, tempDir } from './test/start-app.ts';
import { healthStatus, waitFor } from './test/wait-for.ts';

/**
 * Issue 42 item 7: SIGTERM on `npm run serve` (the built server, on a migrated PGlite folder):
 * new connections refused, the request under way finished, an exit within 10 s whatever is
 * pending, the data folder free for the next start at once; a second SIGTERM exits at once.
 */

const running: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startHealthy(dataDir: string, timeoutMs = 60_000) {
  const server = spawnServer({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-dist'),
    DEMO_DATA: 'false',
  });
  running.push(server);
  const port = await server.port();
  await waitFor(
    'health 200',
    async () => (await healthStatus(`http://127.0.0.1:${port}`)) === 200,
    { timeoutMs },
  );
  return { server, port };
}

/** A migrated data folder, with a running server and a request to it under way. */
async function serverWithRequestUnderWay() {
  const dataDir = seedDataDir(tempDir('scr-stop-'));
  dirs.push(dataDir);
  const { server, port } = await startHealthy(dataDir);
  const request = await slowRequest(port, '/api/authentication', {
    strategy: 'jwt',
    accessToken: 'not a token at all',
  });
  return { dataDir, server, port, request };
}

const stopping = (server: ServerProcess) => () => server.output().includes('"msg":"stopping"');

describe('issue 42 item 7: the server process on SIGTERM', { timeout: 120_000 }, () => {
  it('refuses new connections, finishes the request under way, exits 0 and frees the folder', async () => {
    const { dataDir, server, port, request } = await serverWithRequestUnderWay();
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    await waitFor('the stop to begin', stopping(server));
    await waitFor('new connections refused', () => connectionRefused(port));

    const answer = await request.finish();
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ data: { code: 'session_invalid' } });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);

    // The next start on the folder takes it at once: no stale lock to take over.
    const next = await startHealthy(dataDir);
    expect(next.server.output()).not.toContain('took over a stale data folder lock');
  });

  it('exits within 10 s when a request never finishes', async () => {
    const { dataDir, server, request } = await serverWithRequestUnderWay();
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(10_000);
    await request.closed;
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
  });

  it('exits at once on a second SIGTERM, freeing the folder too', async () => {
    const { dataDir, server } = await serverWithRequestUnderWay();
    server.child.kill('SIGTERM');
    await waitFor('the stop to begin', stopping(server));
    const again = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(performance.now() - again).toBeLessThan(2_000);
    expect(server.output()).toContain('second signal: exiting at once');
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
  });

  it('exits within 10 s when signalled during a first start, and the next start creates the database', async () => {
    const dataDir = tempDir('scr-stop-first-');
    dirs.push(dataDir);
    const server = spawnServer({
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-dist'),
      DEMO_DATA: 'false',
    });
    running.push(server);
    await waitFor('the first start to open the database', () =>
      server.output().includes('"msg":"waiting for opening the embedded database"'),
    );
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(10_000);
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);

    // initdb and every migration: two minutes on a loaded machine.
    const next = await startHealthy(dataDir, 180_000);
    expect(next.server.output()).not.toContain('took over a stale data folder lock');
    expect(next.server.output()).toContain('embedded database created (first start)');
  }, 300_000);
});
