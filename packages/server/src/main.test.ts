import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFileName } from './db/data-dir-lock.ts';
import { demoUsers } from './demo/demo-users.ts';
import { pgliteDir } from './db/pglite.ts';
import { spawnServer, type ServerProcess } from './test/spawn-server.ts';
import { seedDataDir, tempDir } from './test/start-app.ts';
import { healthStatus, waitFor } from './test/wait-for.ts';

/** Process-level behaviour of `npm run serve` on PGlite: the data folder lock, crashes, signals. */

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

/** Starts `npm run serve` on the folder; without the demo world unless the test asks for it. */
function start(dataDir: string, env: Record<string, string> = {}) {
  const server = spawnServer({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-dist'),
    DEMO_DATA: 'false',
    ...env,
  });
  running.push(server);
  return server;
}

async function startHealthy(dataDir: string, env: Record<string, string> = {}) {
  const server = start(dataDir, env);
  const baseUrl = `http://127.0.0.1:${await server.port()}`;
  await waitFor('health 200', async () => (await healthStatus(baseUrl)) === 200, {
    timeoutMs: 60_000,
  });
  return { server, baseUrl };
}

function freshDataDir() {
  const dir = tempDir('scr-process-');
  dirs.push(dir);
  return dir;
}

/**
 * A data folder holding the run's migrated database: for the tests of what a process does once
 * running. The first start on an empty folder (initdb, migrations, demo world) is the demo test's,
 * and every browser journey's portal starts that way too.
 */
const migratedDataDir = () => seedDataDir(freshDataDir());

/** Opens the data folder directly, as an operator would after a crash. */
async function countRows(dataDir: string) {
  const db = new PGlite(pgliteDir(dataDir));
  try {
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;
    return {
      organizations: await count('organizations'),
      users: await count('users'),
      subscriptions: await count('subscriptions'),
      terminals: await count('terminals'),
    };
  } finally {
    await db.close();
  }
}

describe('the server process', { timeout: 120_000 }, () => {
  it('refuses a second process on the same DATA_DIR while the first keeps answering', async () => {
    const dataDir = migratedDataDir();
    const first = await startHealthy(dataDir);

    const second = start(dataDir);
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `Another portal process (pid ${first.server.child.pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR.`,
    );
    expect(await healthStatus(first.baseUrl)).toBe(200);
  });

  it('loads and prints the demo world, keeps it through kill -9 and restarts without reseeding', async () => {
    const dataDir = freshDataDir();
    const first = await startHealthy(dataDir, { DEMO_DATA: 'true' });
    expect(first.server.output()).toContain('carrier@demo.test');
    expect(first.server.output()).toContain('demo-password');
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    expect(existsSync(join(dataDir, lockFileName))).toBe(true);

    const before = await countRows(dataDir);
    expect(before).toMatchObject({ users: demoUsers.length, terminals: 11 });
    expect(before.organizations).toBeGreaterThan(0);

    const second = await startHealthy(dataDir, { DEMO_DATA: 'true' });
    expect(second.server.output()).toContain('took over a stale data folder lock');
    expect(second.server.output()).not.toContain('demo data loaded');
    second.server.child.kill('SIGTERM');
    expect((await second.server.exited).code).toBe(0);
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
    expect(await countRows(dataDir)).toEqual(before);
  });

  it('stops cleanly on SIGINT, releasing the data folder', async () => {
    const dataDir = migratedDataDir();
    const { server } = await startHealthy(dataDir);
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"msg":"stopped"');
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
  });

  it('exits 1 with a clear line when the port is taken, releasing the data folder', async () => {
    const dataDir = migratedDataDir();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = blocker.address() as AddressInfo;
      const server = start(dataDir, { PORT: String(port) });
      expect((await server.exited).code).toBe(1);
      expect(server.output()).toContain(`Could not listen on 127.0.0.1:${port}`);
      expect(existsSync(join(dataDir, lockFileName))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('exits 1 with one clear line on a bad setting, touching nothing', async () => {
    const dataDir = freshDataDir();
    const server = start(join(dataDir, 'never-created'), { PORT: 'abc' });
    expect((await server.exited).code).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc").',
    );
    expect(existsSync(join(dataDir, 'never-created'))).toBe(false);
  });
});
