/**
 * End-to-end task throughput: submits N small convert tasks (one molecule SDF → MOL2)
 * over HTTP to an in-process platform and reports submit latency and how fast the
 * worker drains them. Embedded PGlite by default; set DATABASE_URL for PostgreSQL.
 *
 *   npx tsx bench/task-throughput.ts [N=40] [concurrency=2]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credit, findUserByEmail, openPglite } from '@yunyao/db';
import { loadConfig } from '@yunyao/platform';
import { startPlatform } from '../apps/server/src/platform.ts';

const n = Number(process.argv[2] ?? 40);
const concurrency = process.argv[3] ?? '2';
const sdf = readFileSync('/usr/share/RDKit/Projects/DbCLI/testData/bzr.sdf', 'utf8').split('$$$$\n')[0] + '$$$$\n';

const dataDir = mkdtempSync(join(tmpdir(), 'yunyao-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', WORKER_CONCURRENCY: concurrency });
const platform = await startPlatform(config, { database: config.databaseUrl ? undefined : await openPglite(), logger: false, worker: true });
const base = await platform.app.listen({ port: 0, host: '127.0.0.1' });
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

await fetch(`${base}/api/user/register`, json({ email: 'bench@example.com', password: 'bench-pass' }));
const user = (await findUserByEmail(platform.deps.database.db, 'bench@example.com'))!;
await credit(platform.deps.database.db, { userId: user.id, kind: 'credit', amountFen: 1_000_000, reason: 'bench', ref: `bench:${user.id}` });
const token = ((await (await fetch(`${base}/api/user/login`, json({ account: 'bench@example.com', password: 'bench-pass' }))).json()) as { data: { token: string } }).data.token;

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
for (const id of ids) {
  for (;;) {
    const row = ((await (await fetch(`${base}/api/tasks/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { status: number } }).data;
    if (row.status !== 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const drained = performance.now();
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
console.log(`database ${platform.deps.database.kind}, ${n} tasks, worker concurrency ${concurrency}`);
console.log(`submit latency ms: p50 ${pct(50)}, p95 ${pct(95)}, max ${latencies.at(-1)!.toFixed(1)}`);
console.log(`all submitted in ${((submitted - started) / 1000).toFixed(2)} s; all finished after ${((drained - started) / 1000).toFixed(2)} s`);
console.log(`throughput: ${((n / (drained - started)) * 60_000).toFixed(1)} tasks/min end to end`);
await platform.close();
rmSync(dataDir, { recursive: true, force: true });
