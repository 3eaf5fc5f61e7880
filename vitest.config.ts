import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { suiteSequencer } from './scripts/vitest/sequencer.ts';
import TimingsReporter from './scripts/vitest/timings-reporter.ts';
import { sharedAndIsolated } from './scripts/vitest/isolation.ts';

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
  'qsar',
  'task-counts',
  'workflow',
].map((name) => `apps/server/test/${name}.test.ts`);
// A misspelt or renamed file would otherwise drop out of the PostgreSQL run without a word.
for (const file of onBothDatabases) if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts: ${file} does not exist`);

/**
 * One file at a time in each Vitest run. `make test` runs two such runs side by side
 * (scripts/vitest/lanes.ts): the browser journeys in one, everything else in the other, since two
 * platforms with Chromium, or the crash tests beside another platform start, ran past their limits
 * when one pool put them side by side on 2 cores. A file that gets more done by parallel work does
 * it inside itself (the Python test files, when run alone).
 */
const workers = 1;

const pythonUnit = 'packages/modules/shared/python-unit.test.ts';

/** Every project that prepares proteins shares the run's receptor cache (both lanes: scripts/vitest/lanes.ts). */
const receptorCache = 'scripts/vitest/receptor-cache.global.ts';

/**
 * API files that start servers of their own (a Slurm cluster with MariaDB, an S3 server) and then
 * mostly wait on them (jobs queued, polled, cancelled; objects stored): on PGlite, but a project of
 * their own so that `make test` can put them in the lane with room (scripts/vitest/lanes.ts) rather
 * than beside the engine-heavy files.
 */
const serverTests = ['apps/server/test/slurm.test.ts', 'apps/server/test/terminal.test.ts', 'apps/server/test/s3-storage.test.ts'];
for (const file of serverTests) if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts: ${file} does not exist`);

/** The API files on one database: its own global set-up starts or snapshots it. */
const apiProject = (db: 'pglite' | 'postgres', include: string[], name = `api-${db}`, exclude: string[] = []) => ({
  name,
  include,
  exclude,
  env: { YY_TEST_DB: db },
  globalSetup: [`apps/server/test/support/${db}.global.ts`, receptorCache],
  maxWorkers: workers,
  testTimeout: 120_000,
  hookTimeout: 120_000,
});

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: workers,
    reporters: ['default', new TimingsReporter(1000)],
    sequence: {
      sequencer: suiteSequencer({
        // The longest files as the last timing report had them: minutes each, however small the file.
        startFirst: [pythonUnit, 'apps/server/test/workflow.test.ts', 'apps/server/test/affinity.test.ts', 'apps/server/test/crash.test.ts'],
      }),
    },
    projects: [
      ...sharedAndIsolated({ name: 'unit', include: ['packages/**/*.test.ts', 'apps/**/src/**/*.test.ts'], exclude: [pythonUnit], globalSetup: [receptorCache], maxWorkers: workers }),
      // The Python test files, one Vitest test each: a project of their own, so that `make test` can
      // put their minutes in the lane that has room (scripts/vitest/lanes.ts).
      { test: { name: 'python', include: [pythonUnit], globalSetup: [receptorCache], maxWorkers: workers } },
      ...sharedAndIsolated(apiProject('pglite', apiTests, 'api-pglite', serverTests)),
      ...sharedAndIsolated(apiProject('pglite', serverTests, 'api-servers')),
      ...sharedAndIsolated(apiProject('postgres', onBothDatabases)),
      // Browser tests against the real platform (e2e/support): each file starts its own
      // platform and Chromium; the sequencer keeps two of them from running at once where it can.
      ...sharedAndIsolated({
        name: 'e2e',
        include: ['e2e/**/*.e2e.ts'],
        // A page polled for a value may take seconds to render on a loaded 2-core CI machine (1 s by default).
        expect: { poll: { timeout: 10_000 } },
        globalSetup: [receptorCache, 'e2e/support/global-setup.ts'],
        maxWorkers: workers,
        // A journey waits on real engines while the other lane (scripts/vitest/lanes.ts) shares the
        // cores: a docking journey took 130 s at load 7. Its own waits say what it waits for.
        testTimeout: 300_000,
        hookTimeout: 180_000,
      }),
    ],
  },
});
