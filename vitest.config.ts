import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
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

/**
 * Issue 42 items 10 and 11: the deployment of docs/production.md (two instances of the built
 * server behind nginx, on one PostgreSQL database and a Redis of the test's own) and the faults
 * it must survive. PostgreSQL only: several instances need a database server.
 */
const deploymentProject = {
  extends: './packages/server/vitest.config.ts',
  test: {
    name: 'deployment',
    include: ['src/**/*.deploy.test.ts'],
    env: { TEST_DB: 'postgres' },
    testTimeout: 120_000,
  },
};

const oneWorkerProjects = [
  'packages/domain',
  'packages/wallet',
  'packages/evidence-verifier',
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
      exclude: ['src/**/*.api.test.ts', 'src/**/*.deploy.test.ts'],
    },
  },
  apiProject('pglite'),
  ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres'), deploymentProject] : []),
];

/**
 * vitest orders files by project name first: the `server` project (whole processes, such as
 * `main.test.ts`, which mostly waits on them for 20 s) ran last, and its waits left the cores
 * partly idle at the end of the run. Here it goes first, where the other files fill its waits;
 * within each project vitest's own order stays (slowest first once it has timed them).
 */
class ServerProjectFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => (file.project.name === 'server' ? 0 : 1);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
const sequence = { sequencer: ServerProjectFirst };

const runs = {
  'one-worker': { maxWorkers: 1, projects: oneWorkerProjects },
  server: { maxWorkers: 2, projects: serverProjects, sequence },
  // vitest's default is one worker less than the cores, one worker on this two-core machine; the
  // API files wait on their servers and databases, so three overlap.
  all: { maxWorkers: 3, projects: [...oneWorkerProjects, ...serverProjects], sequence },
};
const runName = process.env.VITEST_RUN ?? 'all';
if (!Object.hasOwn(runs, runName)) {
  throw new Error(`VITEST_RUN must be one of ${Object.keys(runs).join(', ')} (got "${runName}").`);
}

export default defineConfig({ test: runs[runName as keyof typeof runs] });
