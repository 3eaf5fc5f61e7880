/**
 * Vitest reporter that says where a run's time goes: it writes every test file's times to
 * test-results/timings.json and prints the slowest files (and tests) once the run ends. Every
 * `make test`, and so every CI run, uses it; the sequencer (./sequencer.ts) reads the report of
 * the last run to start the longest files first.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export interface FileTiming {
  project: string;
  file: string;
  state: string;
  tests: number;
  /** How long the file held its worker: importing it, its set-up, its tests and hooks, in ms. */
  totalMs: number;
  testsMs: number;
  importMs: number;
  /** When the file started, in ms after the run started: shows which files ran side by side. */
  startMs: number;
}

export interface TimingsReport {
  wallMs: number;
  /** The files' totals summed: above wallMs when files ran side by side. */
  busyMs: number;
  files: FileTiming[];
  /** Every test that took at least the reporter's threshold, slowest first: where a slow file's time goes. */
  slowestTests: { project: string; file: string; test: string; ms: number }[];
  /** Every failed test (or file that failed outside its tests) with the first line of its error: a CI log's tail shows them. */
  failures: { project: string; file: string; test: string; error: string }[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Where the whole run's report lands, relative to the root; the sequencer reads it back. */
export const TIMINGS_FILE = 'test-results/timings.json';

/** Where one lane of `make test` (./lanes.ts) writes its report, relative to the root. */
export const laneTimingsFile = (lane: string) => `test-results/timings-${lane}.json`;

export default class TimingsReporter implements Reporter {
  private started = Date.now();
  private root = process.cwd();
  private readonly starts = new Map<TestModule, number>();

  /** `minTestMs`: tests quicker than this are left out of slowestTests. */
  constructor(private readonly minTestMs = 1000) {}

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunStart(): void {
    this.started = Date.now();
    this.starts.clear();
  }

  onTestModuleStart(module: TestModule): void {
    this.starts.set(module, Date.now() - this.started);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return;
    const file = (m: TestModule) => relative(this.root, m.moduleId);
    const files: FileTiming[] = modules
      .map((m) => {
        const d = m.diagnostic();
        const importMs = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
        return {
          project: m.project.name,
          file: file(m),
          state: m.state(),
          tests: [...m.children.allTests()].length,
          totalMs: Math.round(importMs + d.duration),
          testsMs: Math.round(d.duration),
          importMs: Math.round(importMs),
          startMs: this.starts.get(m) ?? 0,
        };
      })
      .sort((a, b) => b.totalMs - a.totalMs);
    const slowestTests = modules
      .flatMap((m) => [...m.children.allTests()].map((t) => ({ project: m.project.name, file: file(m), test: t.fullName, ms: Math.round(t.diagnostic()?.duration ?? 0) })))
      .filter((t) => t.ms >= this.minTestMs)
      .sort((a, b) => b.ms - a.ms);
    const report: TimingsReport = { wallMs: Date.now() - this.started, busyMs: files.reduce((sum, f) => sum + f.totalMs, 0), files, slowestTests, failures: failuresOf(modules, file) };
    // A lane of `make test` (./lanes.ts) writes its own report; the lane runner merges and prints them.
    const lane = process.env.YY_TEST_LANE;
    const path = resolve(this.root, lane ? laneTimingsFile(lane) : TIMINGS_FILE);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(report, null, 2) + '\n');
    if (!lane) process.stdout.write(describeTimings(report, 15) + describeFailures(report.failures));
  }
}

const firstLine = (message: string | undefined) => (message ?? 'unknown error').trim().split('\n')[0]!.slice(0, 300);

function failuresOf(modules: ReadonlyArray<TestModule>, file: (m: TestModule) => string): TimingsReport['failures'] {
  return modules.flatMap((m) => {
    const at = (test: string, message: string | undefined) => ({ project: m.project.name, file: file(m), test, error: firstLine(message) });
    return [
      // Errors outside any test: a file that does not load, a failing beforeAll.
      ...[m, ...m.children.allSuites()].flatMap((s) => s.errors().map((e) => at(s.type === 'module' ? '(file)' : `${s.fullName} (hook)`, e.message))),
      ...[...m.children.allTests()].flatMap((t) => {
        const result = t.result();
        return result.state === 'failed' ? [at(t.fullName, result.errors[0]?.message)] : [];
      }),
    ];
  });
}

/** The failures of a run, printed last so that the tail of a log names them. */
export function describeFailures(failures: TimingsReport['failures']): string {
  if (failures.length === 0) return '';
  return [`Failed (${failures.length}):`, ...failures.map((f) => `  ${f.project.padEnd(12)} ${f.file} > ${f.test}\n      ${f.error}`), ''].join('\n') + '\n';
}

/** The slowest files and tests of a run, and each project's summed time, as printed at its end. */
export function describeTimings(report: TimingsReport, slowest: number): string {
  const perProject = new Map<string, number>();
  for (const f of report.files) perProject.set(f.project, (perProject.get(f.project) ?? 0) + f.totalMs);
  const shown = report.files.slice(0, slowest);
  return (
    [
      '',
      `Slowest ${shown.length} of ${report.files.length} test files (run ${seconds(report.wallMs)}, files summed ${seconds(report.busyMs)}; every file in ${TIMINGS_FILE}):`,
      ...shown.map((f) => `  ${seconds(f.totalMs).padStart(8)}  ${f.project.padEnd(12)} ${f.file}${f.state === 'passed' ? '' : `  (${f.state})`}`),
      `Per project, files summed: ${[...perProject].map(([project, ms]) => `${project} ${seconds(ms)}`).join(', ')}`,
      `Slowest tests:`,
      ...report.slowestTests.slice(0, 5).map((t) => `  ${seconds(t.ms).padStart(8)}  ${t.project.padEnd(12)} ${t.file} > ${t.test}`),
      '',
    ].join('\n') + '\n'
  );
}
