import { defineConfig } from 'vitest/config';
import { webIsolated } from './packages/web/vitest.config.ts';

/**
 * One vitest run covers every package. The server's API tests run once on PGlite and, when
 * TEST_DATABASE_URL is set (CI always sets it), once more on PostgreSQL.
 */
if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  // In CI the PostgreSQL run is part of the suite: its absence is a failure, not a skip.
  throw new Error('CI must set TEST_DATABASE_URL so the API tests also run on PostgreSQL.');
}

const apiOnPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './packages/server/vitest.config.ts',
        test: {
          name: 'api-postgres',
          include: ['src/**/*.api.test.ts'],
          env: { TEST_DB: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Issue 10 §7: vitest's default is one worker less than the cores, one worker on this
    // two-core machine; the API files wait on their servers and databases, so three overlap.
    maxWorkers: 3,
    projects: [
      'packages/domain',
      'packages/wallet',
      {
        extends: './packages/server/vitest.config.ts',
        test: {
          name: 'server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
        },
      },
      {
        extends: './packages/server/vitest.config.ts',
        test: {
          name: 'api-pglite',
          include: ['src/**/*.api.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...apiOnPostgres,
      'packages/web',
      webIsolated,
      'bench',
    ],
  },
});
