/**
 * Task throughput with several worker processes sharing one PostgreSQL queue (pg-boss): the API
 * without a worker, K standalone workers (`apps/worker/src/main.ts`, as `npm run worker` starts them
 * on other machines) on its database and data dir, N small convert tasks (one molecule SDF → MOL2)
 * submitted at once, then the time until every one has finished and how the workers shared them.
 * Each K gets a fresh throw-away PostgreSQL.
 *
 *   npx tsx bench/worker-scaling.ts [N=60] [workers=1,2,4] [concurrency per worker=1]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startThrowawayPostgres } from '../apps/server/test/support/throwaway-postgres.ts';
import { startBenchPlatform } from './support/bench-platform.ts';

const n = Number(process.argv[2] ?? 60);
const workerCounts = (process.argv[3] ?? '1,2,4').split(',').map(Number);
const concurrency = process.argv[4] ?? '1';
const root = resolve(import.meta.dirname, '..');
const sdf = readFileSync('/usr/share/RDKit/Projects/DbCLI/testData/bzr.sdf', 'utf8').split('$$$$\n')[0] + '$$$$\n';

/** A standalone worker; resolves once it says it is taking tasks. */
function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ready, fail) => {
    child.stdout!.setEncoding('utf8').on('data', (line: string) => line.includes('running') && ready(child));
    child.once('exit', (code) => fail(new Error(`worker exited with ${code} before it started`)));
  });
}

console.log(`${n} convert tasks, ${concurrency} task(s) at a time per worker, ${process.env.NODE_ENV ?? ''}`.trim());
console.log('workers  all finished s  tasks/min  tasks per worker');
for (const k of workerCounts) {
  const postgres = await startThrowawayPostgres();
  const platform = await startBenchPlatform({ DATABASE_URL: postgres.url, EMBEDDED_WORKER: 'false' }, { worker: false });
  const workers = await Promise.all(
    Array.from({ length: k }, (_, i) =>
      startWorker({ DATABASE_URL: postgres.url, DATA_DIR: platform.dataDir, WORKER_CONCURRENCY: concurrency, WORKER_ID: `bench-worker-${i + 1}`, LOG_LEVEL: 'warn' }),
    ),
  );
  const started = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const form = new FormData();
    form.append('out', 'x.mol2');
    form.append('input', new Blob([sdf]), 'one.sdf');
    const res = (await (await fetch(`${platform.base}/api/convert`, { method: 'POST', headers: { authorization: `Bearer ${platform.token}` }, body: form })).json()) as { data: { task_id: number } };
    ids.push(res.data.task_id);
  }
  for (const id of ids) {
    const row = await platform.waitForTask(id);
    if (row.status !== 2) throw new Error(`task ${id} ended ${row.status_text}: ${row.result}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const shares = (await platform.sql.executeSql('select worker, count(*)::int as n from tasks group by worker order by worker')).rows as { worker: string; n: number }[];
  console.log(`${String(k).padStart(7)}  ${seconds.toFixed(1).padStart(14)}  ${((n / seconds) * 60).toFixed(1).padStart(9)}  ${shares.map((s) => s.n).join(' / ')}`);
  for (const w of workers) w.kill('SIGTERM');
  await platform.close();
  postgres.stop();
}
