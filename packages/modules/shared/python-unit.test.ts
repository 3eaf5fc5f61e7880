import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PYTHON_PATH, REPO_ROOT, SYSTEM_PYTHON } from './run-steps.testing.ts';

const TESTS_DIR = path.join(PYTHON_PATH, 'tests');
const testFiles = readdirSync(TESTS_DIR)
  .filter((name) => /^test_\w+\.py$/.test(name))
  .sort();

/**
 * One test per Python test file, run side by side: most of them spend their time in one
 * single-threaded interpreter, so a second core halves the wall time. At most one per core,
 * since some of them start engines of their own; one at a time under `make test`, whose other
 * lane (scripts/vitest/lanes.ts) already keeps the second core busy. One at a time, the tests are
 * not concurrent at all: a concurrent test's time (and its timeout) would count the files queued
 * before it, and the timings report would list quick files among the slowest.
 */
const lanes = process.env.YY_TEST_LANE ? 1 : availableParallelism();
const test = lanes > 1 ? it.concurrent : it;
let running = 0;
const waiting: (() => void)[] = [];
async function inLane<T>(work: () => Promise<T>): Promise<T> {
  if (running >= lanes) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * `unittest discover` narrowed to one file: the same sys.path (the tests folder first) as a run of the whole folder.
 * One OpenMP thread, as a one-core step gets from the platform (OMP_NUM_THREADS, which OpenBLAS follows too): the
 * tests' NumPy, xgboost and PyTorch work is small, and idle pool threads spinning beside the other lane cost more
 * than they give (test_affinity_train: 12.7 s of CPU with the default, 8.6 s with one thread).
 */
function runPythonTestFile(file: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      SYSTEM_PYTHON,
      ['-m', 'unittest', 'discover', '-s', TESTS_DIR, '-p', file],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, PYTHONPATH: PYTHON_PATH, PYTHONDONTWRITEBYTECODE: '1', OMP_NUM_THREADS: '1' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, _stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
    );
  });
}

describe('python helpers pass their unit tests under the system interpreter', () => {
  it('finds the Python test files', () => {
    expect(testFiles.length).toBeGreaterThan(0);
  });

  for (const file of testFiles) {
    test(file, async () => {
      const res = await inLane(() => runPythonTestFile(file));
      // "OK (skipped=N)": a class that needs the shared datasets skips where a clone has none beside it, and says so.
      expect(res.stderr).toMatch(/\nOK( \(skipped=\d+\))?\s*$/);
      // Python 3.11 passes a file in which unittest finds no test at all ("Ran 0 tests ... OK").
      expect(res.stderr).toMatch(/\nRan [1-9]\d* tests? in /);
      expect(res.code).toBe(0);
    }, 900_000);
  }
});
