import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupRows, postgresServer } from '../test/backup-targets.ts';
import { createOrganization } from '../test/factories.ts';
import { createPostgresDatabase, testSharedBuffersMb } from '../test/global-setup.ts';
import { seedDataDir } from '../test/pglite-pool.ts';
import { spawnServer } from '../test/spawn-server.ts';
import { tempDir } from '../test/temp-dir.ts';
import { healthStatus, waitFor } from '../test/wait-for.ts';
import { openDatabase } from '../db/database.ts';
import { pgliteDir } from '../db/pglite.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';

/** Issue 42 item 9: `npm run backup` and `npm run restore` as an operator runs them. */

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const folder = tempDir('scr-backup-cli-');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run -s <script> -- args` as an operator would: in the repository, or from `cwd`
 * with `--prefix` naming the repository.
 */
function npmRun(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  cwd = repoRoot,
) {
  return new Promise<Run>((resolve) => {
    const child = spawn('npm', ['--prefix', repoRoot, 'run', '-s', script, '--', ...args], {
      cwd,
      env: { ...process.env, PGLITE_SHARED_BUFFERS_MB: String(testSharedBuffersMb), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '' });
const path = (name: string) => join(folder, name);
/** A data folder's path, not yet created, inside this file's folder. */
const dataFolder = () => join(mkdtempSync(join(folder, 'data-')), 'data');

/** A data folder holding the run's migrated database and a few rows of its own. */
async function portalFolder(): Promise<string> {
  const dataDir = seedDataDir(dataFolder());
  const db = openDatabase(loadConfig(embedded(dataDir)), createLogger('silent'));
  try {
    await db.knex('ports').insert([
      { locode: 'BEANR', name: 'Antwerp', country: 'BE' },
      { locode: 'NLRTM', name: 'Rotterdam\ttab\nnewline \\ backslash', country: 'NL' },
    ]);
    await createOrganization(db.knex, { name: 'Backup Lines', role: 'carrier' });
  } finally {
    await db.close();
  }
  return dataDir;
}

describe('issue 42 item 9: npm run backup and npm run restore', () => {
  it('say in --help what a backup holds, what it does not, and what --force does', async () => {
    const backup = await npmRun('backup', ['--help'], {});
    const restore = await npmRun('restore', ['--help'], {});
    expect(backup.code).toBe(0);
    expect(restore.code).toBe(0);
    for (const { stdout } of [backup, restore]) {
      expect(stdout).toMatch(/Keep backups as you keep the database itself/);
      for (const outside of ['server-key', 'auth-secret', 'outbox/'])
        expect(stdout).toContain(outside);
      expect(stdout).toMatch(/Exit codes/);
    }
    expect(restore.stdout).toMatch(/--force +restore into a database that is not empty/);
    expect(backup.stdout).toMatch(/REPEATABLE READ, READ ONLY/);
    expect((await npmRun('backup', [], {})).code).toBe(2);
    expect((await npmRun('restore', ['--forse', 'x'], {})).code).toBe(2);
  }, 120_000);

  it('back up an embedded database and restore it into a new data folder, refusing a full one unless forced', async () => {
    const source = await portalFolder();
    const file = path('portal.scrbackup.gz');
    const backup = await npmRun('backup', [file], embedded(source));
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^OK: .*portal\.scrbackup\.gz: \d+ tables, 3 rows/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await npmRun('backup', [file], embedded(source))).code).toBe(4);
    // A relative FILE is where the operator stands, not the repository's root.
    expect(
      (await npmRun('backup', ['portal.scrbackup.gz', '--force'], embedded(source), folder)).code,
    ).toBe(0);
    expect((await npmRun('restore', ['--check', file], {})).stdout).toMatch(/is sound: .* 3 rows/);

    // A data folder that does not exist yet, as on a new machine.
    const target = dataFolder();
    const restore = await npmRun('restore', [file], embedded(target));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^OK: restored \d+ tables, 3 rows/);
    const again = path('again.scrbackup.gz');
    expect((await npmRun('backup', [again], embedded(target))).code).toBe(0);
    expect(await backupRows(again)).toEqual(await backupRows(file));

    const refused = await npmRun('restore', [file], embedded(target));
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/not empty .*--force/);
    expect((await npmRun('restore', [file, '--force'], embedded(target))).code).toBe(0);
  }, 300_000);

  it('refuse a data folder a running portal holds, and work once it has stopped', async () => {
    const dataDir = await portalFolder();
    const portal = spawnServer({
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-dist'),
      DEMO_DATA: 'false',
    });
    const baseUrl = `http://127.0.0.1:${await portal.port()}`;
    await waitFor('health 200', async () => (await healthStatus(baseUrl)) === 200, {
      timeoutMs: 60_000,
    });
    const file = path('held.scrbackup.gz');
    const backup = await npmRun('backup', [file], embedded(dataDir));
    expect(backup.code).toBe(4);
    expect(backup.stderr).toMatch(/stop the portal first/);
    expect(existsSync(file)).toBe(false);
    portal.child.kill('SIGTERM');
    expect((await portal.exited).code).toBe(0);
    expect((await npmRun('backup', [file], embedded(dataDir))).code).toBe(0);
  }, 180_000);

  it('refuse a truncated file before opening any database: the data folder is not even created', async () => {
    const source = await portalFolder();
    const file = path('whole.scrbackup.gz');
    expect((await npmRun('backup', [file], embedded(source))).code).toBe(0);
    const truncated = path('truncated.scrbackup.gz');
    writeFileSync(truncated, readFileSync(file).subarray(0, 2_000));
    const target = dataFolder();
    const restore = await npmRun('restore', [truncated], embedded(target));
    expect(restore.code).toBe(3);
    expect(restore.stderr).toMatch(/^Not restorable: .*truncated/);
    expect(existsSync(pgliteDir(target))).toBe(false);
    expect((await npmRun('restore', ['--check', truncated], {})).code).toBe(3);
  }, 180_000);

  it.skipIf(!postgresServer())(
    'restore into PostgreSQL refuses while a portal is connected to the database',
    async () => {
      const source = await portalFolder();
      const file = path('to-postgres.scrbackup.gz');
      expect((await npmRun('backup', [file], embedded(source))).code).toBe(0);
      const database = await createPostgresDatabase(postgresServer()!, 'scr_test_backup_cli');
      const portal = new pg.Client({
        connectionString: database.url,
        application_name: 'scr-server',
      });
      try {
        await portal.connect();
        const refused = await npmRun('restore', [file], { DATABASE_URL: database.url });
        expect(refused.code).toBe(4);
        expect(refused.stderr).toMatch(/1 portal connection.*stop every portal instance/);
        await portal.end();
        const restore = await npmRun('restore', [file], { DATABASE_URL: database.url });
        expect(restore.code, restore.stderr).toBe(0);
      } finally {
        await portal.end().catch(() => undefined);
        await database.drop();
      }
    },
    180_000,
  );
});
