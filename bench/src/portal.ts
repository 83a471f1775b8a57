import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, loadConfig, type PortalServer } from '@scr/server';

export type Backend = 'pglite' | 'postgres';

/** A portal started for a benchmark on a back end, with its base URL. */
export interface BenchPortal {
  backend: Backend;
  baseUrl: string;
  portal: PortalServer;
  /** An access token of a fresh session of this user, as signing in would give. */
  tokenFor(userId: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The back ends to measure: PGlite always; PostgreSQL when BENCH_DATABASE_URL names a database
 * the benchmark may fill (it is not emptied afterwards, so its seed is reused). BENCH_BACKENDS
 * (`pglite`, `postgres` or both, comma-separated) narrows that down.
 */
export function backends(): Backend[] {
  const all: Backend[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const asked = process.env.BENCH_BACKENDS?.split(',').map((name) => name.trim());
  return asked ? all.filter((backend) => asked.includes(backend)) : all;
}

/**
 * Starts the portal in production mode (no demo data). `dataDir` keeps a PGlite database between
 * runs (its seed is reused); without it a temporary folder is used and removed at the end.
 */
export async function startPortal(
  backend: Backend,
  options: { dataDir?: string } = {},
): Promise<BenchPortal> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'scr-bench-'));
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Production with PostgreSQL wants both; one instance signs with throwaway ones.
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SERVER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
    // The expiry job would archive the seed's old releases while we measure: not measured here.
    EXPIRY_JOB_INTERVAL_MS: '0',
    // The ledger's sequencer on demand only: the checkpoint line measures what it appends.
    LEDGER_CHECKPOINT_INTERVAL_MS: '0',
    ...(backend === 'postgres' ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const portal = createApp(config);
  const { port } = await portal.start();
  await portal.ready;
  return {
    backend,
    baseUrl: `http://127.0.0.1:${port}`,
    portal,
    async tokenFor(userId) {
      const sid = randomUUID();
      await portal
        .knex('auth_sessions')
        .insert({ id: sid, user_id: userId, two_factor_validated_at: new Date() });
      return portal.app
        .service('authentication')
        .createAccessToken({ sid }, { subject: String(userId) });
    },
    async stop() {
      await portal.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
