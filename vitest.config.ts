import { defineConfig } from 'vitest/config';
import { webIsolated } from './packages/web/vitest.config.ts';

/**
 * One vitest run covers every package. The server's API tests run once on PGlite and, when
 * TEST_DATABASE_URL is set (CI always sets it), once more on PostgreSQL.
 *
 * Issue 10 §7: `npm test` (scripts/test.mjs) runs vitest as two runs side by side, chosen by
 * VITEST_RUN. `one-worker`: the web's projects and the small packages, in one worker; each web
 * worker builds its own module graph of MUI and material-react-table, and on two cores three
 * workers took 127 core-seconds where one took 69. `server`: the server's projects, in two
 * workers; their files wait on their apps and databases, and the one-worker run fills those
 * waits. Unset (`all`): both lists in one run of three workers, so the two runs always cover
 * exactly what a plain `vitest run` does; a new project goes into one of the two lists.
 */
if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  // In CI the PostgreSQL run is part of the suite: its absence is a failure, not a skip.
  throw new Error('CI must set TEST_DATABASE_URL so the API tests also run on PostgreSQL.');
}

/** The server's API tests on one database (`TEST_DB`: packages/server/src/test/global-setup.ts). */
const apiProject = (database: 'pglite' | 'postgres') => ({
  extends: './packages/server/vitest.config.ts',
  test: {
    name: `api-${database}`,
    include: ['src/**/*.api.test.ts'],
    env: { TEST_DB: database },
  },
});

const oneWorkerProjects = [
  'packages/domain',
  'packages/wallet',
  'packages/web',
  webIsolated,
  'bench',
];
const serverProjects = [
  {
    extends: './packages/server/vitest.config.ts',
    test: {
      name: 'server',
      include: ['src/**/*.test.ts'],
      exclude: ['src/**/*.api.test.ts'],
    },
  },
  apiProject('pglite'),
  ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
];

const runs = {
  'one-worker': { maxWorkers: 1, projects: oneWorkerProjects },
  server: { maxWorkers: 2, projects: serverProjects },
  // vitest's default is one worker less than the cores, one worker on this two-core machine; the
  // API files wait on their servers and databases, so three overlap.
  all: { maxWorkers: 3, projects: [...oneWorkerProjects, ...serverProjects] },
};
const runName = process.env.VITEST_RUN ?? 'all';
if (!Object.hasOwn(runs, runName)) {
  throw new Error(`VITEST_RUN must be one of ${Object.keys(runs).join(', ')} (got "${runName}").`);
}

export default defineConfig({ test: runs[runName as keyof typeof runs] });
