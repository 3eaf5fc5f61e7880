/**
 * API latency under concurrent clients: CLIENTS clients × REQUESTS requests each on the task
 * list (`GET /api/tasks`, first page of 10, with TASKS tasks of the user already in the table)
 * and on a submit route (`POST /api/convert`, one-molecule SDF). The API runs alone (no worker),
 * as on a PostgreSQL deployment whose workers run on other machines; the clients run in a
 * second process (bench/support/load-client.ts). Embedded PGlite by default; DATABASE_URL for
 * PostgreSQL.
 *
 *   npx tsx bench/api-load.ts [TASKS=100000] [CLIENTS=100] [REQUESTS=20]
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startBenchPlatform } from './support/bench-platform.ts';

const [tasks = 100_000, clients = 100, requests = 20] = process.argv.slice(2).map(Number);
const run = promisify(execFile);

/** What the client process reports. */
interface ClientResult {
  latencies: number[];
  errors: string[];
  seconds: number;
  /** CPU time of the client process. */
  cpuMs: number;
}

interface LoadResult extends ClientResult {
  /** CPU time of this process (the API) while the clients ran. */
  serverCpuMs: number;
}

async function load(url: string, token: string, kind: 'get' | 'convert'): Promise<LoadResult> {
  const client = new URL('./support/load-client.ts', import.meta.url).pathname;
  const cpuBefore = process.cpuUsage();
  const { stdout } = await run(process.execPath, ['--import', 'tsx', client, url, token, String(clients), String(requests), kind], { maxBuffer: 64 * 2 ** 20 });
  const cpu = process.cpuUsage(cpuBefore);
  return { ...(JSON.parse(stdout) as ClientResult), serverCpuMs: (cpu.user + cpu.system) / 1000 };
}

// CPU per request (API and clients; the database's is not seen from here) tells what bounds the
// throughput when the machine is saturated.
function report(label: string, { latencies, errors, seconds, cpuMs, serverCpuMs }: LoadResult): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN).toFixed(1);
  const perRequest = (ms: number) => (ms / sorted.length).toFixed(2);
  console.log(
    `${label.padEnd(34)} ${String(sorted.length).padStart(6)} ${pct(50).padStart(8)} ${pct(95).padStart(8)} ${pct(99).padStart(8)} ${(sorted.at(-1) ?? NaN).toFixed(1).padStart(8)} ${(sorted.length / seconds).toFixed(0).padStart(7)} ${String(errors.length).padStart(6)} ${perRequest(serverCpuMs).padStart(13)} ${perRequest(cpuMs).padStart(13)}`,
  );
  if (errors.length) console.log(`  first error: ${errors[0]}`);
}

const platform = await startBenchPlatform({}, { worker: false });
try {
  // Finished convert tasks, as a long-time user's history holds them; one statement, so seeding stays quick.
  await platform.sql.executeSql(
    `insert into tasks (user_id, module, module_version, name, state, params, machine_time, fee_fen, created_at, ended_at)
     select $1, 'convert', '1', 'bench-' || i, 'succeeded', '{}'::jsonb, 0.0001, 1, now() - make_interval(secs => $2 - i), now() - make_interval(secs => $2 - i)
     from generate_series(1, $2::int) as i`,
    [platform.userId, tasks],
  );
  // As a table that has lived with its rows: otherwise autovacuum analyses the fresh rows while the clients run.
  await platform.sql.executeSql('vacuum analyze tasks');
  console.log(`database ${platform.databaseKind}; ${tasks} tasks of the user in the table; ${clients} clients × ${requests} requests; API only (no worker)`);
  console.log(`${'route'.padEnd(34)} ${'n'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'req/s'.padStart(7)} ${'errors'.padStart(6)} ${'API CPU/req'.padStart(13)} ${'client CPU/req'.padStart(13)}`);
  report('GET /api/tasks?page=1&limit=10', await load(`${platform.base}/api/tasks?page=1&limit=10`, platform.token, 'get'));
  report('POST /api/convert', await load(`${platform.base}/api/convert`, platform.token, 'convert'));
} finally {
  await platform.close();
}
