import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { suiteSequencer } from './scripts/vitest/sequencer.ts';
import TimingsReporter from './scripts/vitest/timings-reporter.ts';

const apiTests = ['apps/server/test/**/*.test.ts'];

/**
 * API test files whose assertions depend on how the database behaves: money (ledger, holds,
 * billing, payments, refunds), concurrent writes and locks, attempt fencing and leases, task
 * counts, sessions rotated concurrently, id ranges, SQL search, worker crashes. They run on the
 * embedded PGlite database and on a real PostgreSQL server. Every other API file (route
 * validation, engines end to end, files, the web app, rate limits) runs once, on PGlite, the
 * database `make start` uses; an engine does not care which database stored its task.
 * A new API file that tests database semantics belongs here.
 */
const onBothDatabases = [
  'account',
  'auth',
  'billing',
  'crash',
  'cross-user',
  'fencing',
  'holds',
  'id-ranges',
  'library',
  'library-dataset',
  'payments',
  'platform',
  'task-counts',
  'workflow',
].map((name) => `apps/server/test/${name}.test.ts`);
// A misspelt or renamed file would otherwise drop out of the PostgreSQL run without a word.
for (const file of onBothDatabases) if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts: ${file} does not exist`);

/**
 * Files run side by side, two on a 2-core CI machine: most files spend much of their time
 * in one single-threaded process (the test, an engine, a browser waiting on the platform), so
 * one file at a time leaves a core idle. All projects share these workers (one group: same
 * maxWorkers), so a long browser file runs beside API and unit files instead of after them.
 * Four at most: the engine and browser tests' time limits allow a few files at once, not one per core of a big machine.
 */
const workers = Math.min(Math.max(availableParallelism(), 2), 4);

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: workers,
    reporters: ['default', new TimingsReporter(15)],
    sequence: {
      sequencer: suiteSequencer({
        // The longest files as the last timing report had them: minutes each, however small the file.
        startFirst: ['packages/modules/shared/python-unit.test.ts', 'apps/server/test/workflow.test.ts', 'apps/server/test/affinity.test.ts', 'apps/server/test/crash.test.ts'],
        alternate: ['e2e'],
      }),
    },
    projects: [
      { test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/**/src/**/*.test.ts'], maxWorkers: workers } },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          env: { YY_TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/support/pglite.global.ts'],
          maxWorkers: workers,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: onBothDatabases,
          env: { YY_TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/support/postgres.global.ts'],
          maxWorkers: workers,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Browser tests against the real platform (e2e/support): each file starts its own
        // platform and Chromium; the sequencer keeps two of them from running at once where it can.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // A page polled for a value may take seconds to render on a loaded 2-core CI machine (1 s by default).
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['e2e/support/global-setup.ts'],
          maxWorkers: workers,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
