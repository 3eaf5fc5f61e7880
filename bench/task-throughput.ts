/**
 * End-to-end task throughput: submits N small convert tasks (one molecule SDF → MOL2)
 * over HTTP to an in-process platform and reports submit latency and how fast the
 * worker drains them. Embedded PGlite by default; set DATABASE_URL for PostgreSQL.
 *
 *   npx tsx bench/task-throughput.ts [N=40] [concurrency=2]
 */
import { readFileSync } from 'node:fs';
import { startBenchPlatform } from './support/bench-platform.ts';

const n = Number(process.argv[2] ?? 40);
const concurrency = process.argv[3] ?? '2';
const sdf = readFileSync('/usr/share/RDKit/Projects/DbCLI/testData/bzr.sdf', 'utf8').split('$$$$\n')[0] + '$$$$\n';

const platform = await startBenchPlatform({ WORKER_CONCURRENCY: concurrency });
const { base, token } = platform;

const latencies: number[] = [];
const ids: number[] = [];
const started = performance.now();
for (let i = 0; i < n; i++) {
  const form = new FormData();
  form.append('out', 'x.mol2');
  form.append('input', new Blob([sdf]), 'one.sdf');
  const t0 = performance.now();
  const res = (await (await fetch(`${base}/api/convert`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { data: { task_id: number } };
  latencies.push(performance.now() - t0);
  ids.push(res.data.task_id);
}
const submitted = performance.now();
for (const id of ids) await platform.waitForTask(id);
const drained = performance.now();
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
console.log(`database ${platform.databaseKind}, ${n} tasks, worker concurrency ${concurrency}`);
console.log(`submit latency ms: p50 ${pct(50)}, p95 ${pct(95)}, max ${latencies.at(-1)!.toFixed(1)}`);
console.log(`all submitted in ${((submitted - started) / 1000).toFixed(2)} s; all finished after ${((drained - started) / 1000).toFixed(2)} s`);
console.log(`throughput: ${((n / (drained - started)) * 60_000).toFixed(1)} tasks/min end to end`);
await platform.close();
