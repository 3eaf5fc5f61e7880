/**
 * `make test`'s runner: the suite in two lanes, one Vitest process each, side by side.
 *
 * Why two processes rather than `maxWorkers: 2`: most test files spend their time in one
 * single-threaded process (a platform, an engine, Chromium), so a second core halves the wall time,
 * but two browser journeys or two engine-heavy API files side by side on 2 cores ran past their
 * limits. One Vitest pool cannot say "at most one of these at a time", so each lane is its own run:
 * the browser lane drives one platform with Chromium at a time while the other lane runs
 * everything else one file at a time. Each lane writes its timings; this script merges them into
 * test-results/timings.json (which the sequencer reads back) and prints the slowest files.
 *
 * Extra arguments go to both lanes' `vitest run` (a file filter, `--bail 1`, ...).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { withIsolated } from './isolation.ts';
import { RUN_RECEPTOR_CACHE_ENV } from './receptor-cache.global.ts';
import { TIMINGS_FILE, describeFailures, describeTimings, laneTimingsFile, type TimingsReport } from './timings-reporter.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * Split by project, balanced by a clean-clone CI run of `make test` (2 cores, cc22): the
 * browser journeys took 788 s and the other unit files 182 s; the Python test files 327 s, the
 * PGlite API files 543 s and the PostgreSQL ones 182 s. Later runs (2026-11-27) put the browser lane
 * at 949 s against the server lane's 1,017 s, so the files that start a Slurm cluster or an S3 server
 * (api-servers, about 70 s, much of it waiting on those servers) went to the browser lane. Once the
 * journeys stopped taking screenshots (cc14, 2026-11-28) the browser lane took 1,158 s against the
 * server lane's 1,247 s, so the unit files (158 s) and the PostgreSQL API files (199 s) changed lanes.
 * Engines that ran twice then ran once: about 67 s off the PGlite API files, 30 s off the unit files (about
 * 128 s left) and 27 s off the PostgreSQL ones (about 172 s left). By cc14's figures that split would take
 * about 1,170 s (browser) against 1,110 s (server), and the one before it about 1,125 s against 1,150 s, so
 * the unit files and the PostgreSQL API files changed back. The next clean run (cc15, 2026-11-28) took
 * 1,051 s (browser) against 1,123 s (server).
 * A lane runs one file at a time, so each lane keeps one core busy while the other runs beside it.
 */
const lanes = [
  { name: 'browser', projects: ['e2e', 'unit', 'api-servers'] },
  { name: 'server', projects: ['python', 'api-pglite', 'api-postgres'] },
];

const laneFile = (name: string) => resolve(root, laneTimingsFile(name));
/** Both lanes prepare the same proteins (Aurora A, a p38 pocket): one receptor cache for the run. */
const receptorCache = mkdtempSync(join(tmpdir(), 'yunyao-receptors-'));

function runLane(lane: (typeof lanes)[number], extra: string[]): Promise<number> {
  rmSync(laneFile(lane.name), { force: true });
  const args = ['vitest', 'run', ...withIsolated(lane.projects).flatMap((p) => ['--project', p]), ...extra];
  const child = spawn('npx', args, { cwd: root, env: { ...process.env, YY_TEST_LANE: lane.name, [RUN_RECEPTOR_CACHE_ENV]: receptorCache }, stdio: ['ignore', 'pipe', 'pipe'] });
  // Each line says which lane printed it: the two runs' output interleaves.
  const prefix = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) out.write(`[${lane.name}] ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`[${lane.name}] ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((done) => child.on('close', (code) => done(code ?? 1)));
}

function readLane(name: string): TimingsReport | undefined {
  const path = laneFile(name);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as TimingsReport) : undefined;
}

const started = Date.now();
const codes = await Promise.all(lanes.map((lane) => runLane(lane, process.argv.slice(2))));
rmSync(receptorCache, { recursive: true, force: true });
const laneReports = lanes.map((lane) => readLane(lane.name));
const reports = laneReports.filter((r): r is TimingsReport => r !== undefined);
if (reports.length > 0) {
  const files = reports.flatMap((r) => r.files).sort((a, b) => b.totalMs - a.totalMs);
  const merged: TimingsReport = {
    wallMs: Date.now() - started,
    busyMs: files.reduce((sum, f) => sum + f.totalMs, 0),
    files,
    slowestTests: reports.flatMap((r) => r.slowestTests).sort((a, b) => b.ms - a.ms),
    failures: reports.flatMap((r) => r.failures ?? []),
  };
  writeFileSync(resolve(root, TIMINGS_FILE), JSON.stringify(merged, null, 2) + '\n');
  process.stdout.write(describeTimings(merged, 15));
  for (const [i, lane] of lanes.entries()) {
    const report = laneReports[i];
    if (report) process.stdout.write(`Lane ${lane.name} (${lane.projects.join(', ')}): ${(report.wallMs / 1000).toFixed(1)} s, exit ${codes[i]}\n`);
  }
  process.stdout.write(describeFailures(merged.failures));
}
process.exit(Math.max(...codes));
