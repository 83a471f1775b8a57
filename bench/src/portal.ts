import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, loadConfig, type PortalServer } from '@scr/server';

/** A portal started for a benchmark on a back end, with its base URL. */
export interface BenchPortal {
  backend: 'pglite' | 'postgres';
  baseUrl: string;
  portal: PortalServer;
  stop(): Promise<void>;
}

/**
 * The back ends to measure: PGlite always; PostgreSQL when BENCH_DATABASE_URL names a database
 * the benchmark may fill (it is not emptied afterwards).
 */
export function backends(): ('pglite' | 'postgres')[] {
  return process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function startPortal(backend: 'pglite' | 'postgres'): Promise<BenchPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scr-bench-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...(backend === 'postgres' ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const portal = createApp(config);
  const { port } = await portal.start();
  await portal.ready;
  return {
    backend,
    baseUrl: `http://127.0.0.1:${port}`,
    portal,
    async stop() {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
