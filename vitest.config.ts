import { defineConfig } from 'vitest/config';

// The API suite runs twice: on the embedded PGlite database and on a real
// PostgreSQL server that the global set-up starts.
const apiTests = ['apps/server/test/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/**/src/**/*.test.ts'] } },
      { test: { name: 'api-pglite', include: apiTests, env: { YY_TEST_DB: 'pglite' }, fileParallelism: false, testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          env: { YY_TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/support/postgres.global.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
