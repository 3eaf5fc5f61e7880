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
      {
        // Browser tests against the real platform (e2e/support); one file at a time, since
        // each starts its own platform and Chromium.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // A page polled for a value may take seconds to render on a loaded 2-core CI machine (1 s by default).
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
