import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { availability, balanceFen, getTask, getTaskFiles, verifyLedger, workflowChildren } from '@yunyao/db';
import { sweepStaleTasks } from '@yunyao/worker';
import { detectPocketsFromFile } from '@yunyao/pockets/node';
import { readLock } from '../src/platform-lock.ts';
import { dbKind, migratedDataDir, newUser, processesUnder, sdRecords, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

// 50 molecules: the conversion runs for seconds (ETKDG + MMFF, ≈ 0.1 s each), long enough to be killed mid-run,
// and each run of it here is one the test waits for.
const MANY = sdRecords('/usr/share/RDKit/Projects/DbCLI/testData/pubchem.200.sdf', 50);
// 20 residues of p38 around a ligand: a receptor prepared in seconds (a whole kinase takes tens).
const P38_POCKET = 'test-fixtures/mmgbsa/p38_pocket.pdb';
// `node --import tsx` rather than the tsx CLI, which starts a second node process for the script.
const TS = ['--import', 'tsx'];
/**
 * Ends with the test that made it: a worker left running would sweep and poll its database through
 * every later test (minutes of CPU on a loaded machine), and a platform would keep its pools.
 */
const atEnd = (cleanup: () => unknown) => onTestFinished(async () => void (await cleanup()));

function spawnTs(script: string, env: Record<string, string>): ChildProcess {
  // The run's receptor cache, as the in-process platforms have it (harness.ts).
  const child = spawn(process.execPath, [...TS, script], { env: { ...process.env, RECEPTOR_CACHE_DIR: inject('receptorCacheDir'), ...env }, detached: true, stdio: 'ignore' });
  atEnd(() => signalGroup(child, 'SIGKILL'));
  return child;
}

/** Resolves once `child` has exited and been reaped: until then its pid looks alive to a lock check. */
function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

async function waitRunning(api: TestPlatform['api'], token: string, id: number): Promise<void> {
  await until('the task to run', async () => ((await api<{ status_text: string }>(`/api/tasks/${id}`, { token })).body.data.status_text === '运行中' ? true : undefined));
}

/**
 * A platform without a worker, a user, and the worker process `first` running that user's
 * 50-molecule conversion, its engine started; workers sweep with `staleSeconds`.
 */
async function conversionOnFirstWorker(email: string, staleSeconds: number) {
  const t = await startTestPlatform({}, { worker: false });
  atEnd(() => t.close());
  const { token, userId } = await newUser(t, email);
  const env = { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.config.dataDir, TASK_STALE_SECONDS: String(staleSeconds), WORKER_CONCURRENCY: '1' };
  const first = spawnTs('apps/worker/src/main.ts', { ...env, WORKER_ID: 'first' });
  const sub = await submitFiles(t, token, '/api/perform', [{ field: 'input', name: 'many.sdf', data: MANY }], { structure: '2D', out: 'many.sdf' });
  const id = sub.body.data.task_id;
  await waitRunning(t.api, token, id);
  await until('the engine to start', async () => (processesUnder(t.config.scratchDir).length ? true : undefined));
  return { t, token, userId, env, first, id };
}

/** Kills a worker's process group and waits until the engines it started are gone too. */
async function killWorker(t: TestPlatform, worker: ChildProcess): Promise<void> {
  signalGroup(worker, 'SIGKILL');
  await until('the orphaned engines to die', async () => (processesUnder(t.config.scratchDir).length === 0 ? true : undefined), 10_000);
}

// A worker killed mid-task leaves the task to another worker, which finishes it; a workflow whose worker is killed
// goes on from its last finished step. One workflow, two kills: its docking step mid-screen (the second attempt
// starts from the first one's checkpoint), then its pharmacophore step (the finished docking is not run again).
describe.runIf(dbKind === 'postgres')('a workflow whose workers are killed mid-step (PostgreSQL, separate worker processes)', () => {
  it('resumes the docking step from the finished ligands on another worker, then goes on from the last finished step on a third', async () => {
    const t = await startTestPlatform({ TASK_STALE_SECONDS: '3' }, { worker: false });
    atEnd(() => t.close());
    const { token, userId } = await newUser(t, 'workflow-crash@example.com');
    const env = { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.config.dataDir, TASK_STALE_SECONDS: '3', WORKER_CONCURRENCY: '1' };
    const first = spawnTs('apps/worker/src/main.ts', { ...env, WORKER_ID: 'first' });
    const [site] = detectPocketsFromFile(P38_POCKET);
    // The small p38 pocket makes docking seconds of work: the first kill lands once two of the four molecules are
    // docked, the second while the pharmacophore step screens the two docking kept, with the best docked pose as its
    // reference. This is the API's one run of docking → pharmacophore screening: what the workflow hands on is checked here.
    const sub = await submitFiles(t, token, '/api/groups', [{ field: 'protein', name: 'p38.pdb', data: readFileSync(P38_POCKET) }], {
      protein_source: 'file',
      mole_type: 'molecule',
      molecules: 'c1ccccc1O phenol\nCCCCO butanol\nc1ccc2ccccc2c1 naphthalene\nCCCCCCO hexanol',
      pockets: JSON.stringify({ name: site!.name, center: site!.box.center, size: site!.box.size }),
      'modules[0][module]': 'autodock',
      'modules[0][accuracy]': '2',
      'modules[0][posture]': '1',
      'modules[0][filter]': '2',
      'modules[1][module]': 'pharmer',
    });
    const id = sub.body.data.task_id;
    const { db } = t.platform.deps.database;
    await until('the first worker to take the docking step', async () => ((await workflowChildren(db, id))[0]?.worker === 'first' ? true : undefined), 180_000, 100);
    // The worker that replaces it starts now, its Node start-up beside the docking rather than after the kill; it
    // cannot take the step before the first worker's heartbeat stops.
    const second = spawnTs('apps/worker/src/main.ts', { ...env, WORKER_ID: 'second' });
    const done = await until(
      'two ligands to be docked',
      async () => {
        const [docking] = await workflowChildren(db, id);
        return (docking?.progress?.done ?? 0) >= 2 ? docking!.progress!.done : undefined;
      },
      180_000,
    );
    await killWorker(t, first);

    const screening = await until(
      'the second step to run',
      async () => {
        const [, step] = await workflowChildren(db, id);
        return step?.state === 'running' ? step : undefined;
      },
      300_000,
    );
    await killWorker(t, second);

    spawnTs('apps/worker/src/main.ts', { ...env, WORKER_ID: 'third' });
    expect((await waitForTask(t, token, id, 300_000)).status_text).toBe('已完成');
    const [docked, screened] = await workflowChildren(db, id);
    // The docking step resumed on the second worker from the ligands the first had docked, and is not run again on the
    // third; the step the second crash cut short is, on the third worker.
    expect(docked).toMatchObject({ module: 'autodock', state: 'succeeded', attempts: 2, worker: 'second' });
    const docking = docked!.result as { resumedFromCheckpoint: number; docked: number };
    expect(docking.resumedFromCheckpoint).toBeGreaterThanOrEqual(done);
    expect(docking.docked).toBe(4);
    expect(screened).toMatchObject({ id: screening.id, module: 'pharmer', state: 'succeeded', attempts: 2, worker: 'third' });

    const { body: groups } = await t.api<{ data: { id: number; tasks: { module: string; status_text: string }[] }[] }>('/api/groups?page=1&limit=20', { token });
    expect(groups.data.data.find((r) => r.id === id)!.tasks.map((c) => [c.module, c.status_text])).toEqual([
      ['autodock', '已完成'],
      ['pharmer', '已完成'],
    ]);
    const summary = (await t.api<{ steps: { module: string; kept: number }[] }>(`/api/tasks/json/${id}`, { token })).body.data;
    const rows = (await t.api<Record<string, number | string | null>[]>(`/api/tasks/output/${id}`, { token })).body.data;
    // Docking keeps its two best; pharmacophore screening places them on the best pose and the workflow keeps the screen's
    // own order (those meeting the query first, then by the Vina energy of the placement optimised in the receptor). A
    // screen this small is rescored whole, so a molecule lacks an energy (null) only where Vina could take none of its placements.
    expect(summary.steps.map((s) => [s.module, s.kept])).toEqual([
      ['autodock', 2],
      ['pharmer', rows.length],
    ]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.s1 as number).toBeLessThan(0);
      if (r.s2 !== null) expect(r.s2 as number).toBeLessThan(0);
    }
    expect((await availability(db, userId)).heldFen).toBe(0);
    expect(await verifyLedger(db)).toEqual([]);
  }, 600_000); // a workflow of two steps, killed twice and finished on a loaded machine
});

describe.runIf(dbKind === 'postgres')('a worker paused past the heartbeat window (PostgreSQL)', () => {
  it('is fenced off when it wakes: the attempt that replaced it alone writes results and the charge', async () => {
    // The workers never sweep here (the test does, once), so pausing the second one cannot end its attempt.
    const { t, token, userId, env, first, id } = await conversionOnFirstWorker('paused@example.com', 3600);
    const { db } = t.platform.deps.database;
    // The worker that replaces it starts now, its Node start-up beside the first engine rather than after it.
    const second = spawnTs('apps/worker/src/main.ts', { ...env, WORKER_ID: 'second' });
    signalGroup(first, 'SIGSTOP');
    // Its engine runs on in its own process group and finishes, so the paused worker wakes holding a full result.
    await until('the first engine to finish', async () => (processesUnder(t.config.scratchDir).length === 0 ? true : undefined));
    await until('the sweep to requeue the silent attempt', async () => ((await sweepStaleTasks(t.platform.deps.database, t.platform.deps.queue, 3)).requeued.includes(id) ? true : undefined));

    await until('the second worker to claim the task', async () => ((await getTask(db, id))?.worker === 'second' ? true : undefined), 60_000, 20);
    signalGroup(second, 'SIGSTOP');
    expect((await getTask(db, id))!).toMatchObject({ state: 'running', attempts: 2 });

    signalGroup(first, 'SIGCONT');
    await until('the first attempt to give up', async () => (existsSync(join(t.config.scratchDir, `task-${id}-1`)) ? undefined : true));
    expect((await getTask(db, id))!).toMatchObject({ state: 'running', worker: 'second', attempts: 2, feeFen: 0, result: null });
    expect((await getTaskFiles(db, id)).filter((f) => f.role !== 'input')).toEqual([]);
    expect(await balanceFen(db, userId)).toBe(200_00);

    signalGroup(second, 'SIGCONT');
    expect((await waitForTask(t, token, id, 180_000)).status_text).toBe('已完成');
    const task = (await getTask(db, id))!;
    expect(task).toMatchObject({ worker: 'second', attempts: 2 });
    expect(task.feeFen).toBeGreaterThan(0);
    const outputs = (await getTaskFiles(db, id)).filter((f) => f.role !== 'input');
    expect(outputs.length).toBeGreaterThan(0);
    for (const { storageKey } of outputs) {
      expect(storageKey.startsWith(`tasks/${id}/output/2/`)).toBe(true);
      // What the first attempt stored before it found itself fenced off is gone.
      expect(await t.platform.deps.storage.exists(storageKey.replace('/output/2/', '/output/1/'))).toBe(false);
    }
    expect(await balanceFen(db, userId)).toBe(200_00 - task.feeFen);
    const verified = spawnSync(process.execPath, [...TS, 'apps/server/src/ops/cli.ts', 'ledger:verify'], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(verified.stdout).toContain('ledger ok');
  }, 300_000); // the task waits up to 180 s after the sleeper is replaced
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe.runIf(dbKind === 'pglite')('the embedded platform killed mid-task (PGlite, one process)', () => {
  it('re-runs the task after a restart, and the ops CLI works through and without the platform', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yunyao-crash-'));
    atEnd(() => rmSync(dataDir, { recursive: true, force: true }));
    await migratedDataDir(dataDir);
    const port = await freePort();
    // No library seeding: importing thousands of molecules in the background would slow every step here.
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', LIBRARY_SEED_FILE: '', YUNYAO_DATASETS: '' };
    const base = `http://127.0.0.1:${port}`;
    const api = async <T,>(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      const res = await fetch(`${base}${path}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
      return { status: res.status, body: (await res.json()) as { errno: number; errmsg: string; data: T } };
    };
    const ops = (...args: string[]) => spawnSync(process.execPath, [...TS, 'apps/server/src/ops/cli.ts', ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
    const startPlatform = async () => {
      const child = spawnTs('apps/server/src/main.ts', env);
      await until('the platform to answer', async () => ((await api('/api/health')).status === 200 ? true : undefined), 90_000);
      return child;
    };

    let platform = await startPlatform();
    expect((await api('/api/user/register', { method: 'POST', json: { email: 'ops@example.com', password: 'secret-123' } })).body.errno).toBe(0);
    const credited = ops('credit', 'ops@example.com', '200', '--reason', 'trial credit');
    expect(credited.stdout).toContain('balance 200 yuan');
    const login = await api<{ token: string }>('/api/user/login', { method: 'POST', json: { account: 'ops@example.com', password: 'secret-123' } });
    const token = login.body.data.token;

    const form = new FormData();
    form.append('structure', '2D');
    form.append('out', 'many.sdf');
    form.append('input', new Blob([MANY]), 'many.sdf');
    const sub = await api<{ task_id: number }>('/api/perform', { method: 'POST', token, body: form });
    const id = sub.body.data.task_id;
    await waitRunning(api, token, id);
    await until('the engine to start', async () => (processesUnder(join(dataDir, 'scratch')).length ? true : undefined));
    signalGroup(platform, 'SIGKILL');
    await exited(platform);
    await until('the orphaned engine to die', async () => (processesUnder(join(dataDir, 'scratch')).length === 0 ? true : undefined), 10_000);
    // The killed platform's lock names a dead process, so nobody holds the data dir: the restart takes it over
    // (and the CLI, which would open it itself now, does so at the end, from a platform that stopped cleanly).
    expect(readLock(dataDir)).toBeUndefined();

    platform = await startPlatform();
    const done = await until(
      'the task to end',
      async () => {
        const { body } = await api<{ status: number; status_text: string }>(`/api/tasks/${id}`, { token });
        return body.data.status === 1 ? undefined : body.data;
      },
      180_000,
    );
    expect(done.status_text).toBe('已完成');
    signalGroup(platform, 'SIGTERM');
    await exited(platform);
    // The stopped platform has let go of the data dir: the CLI opens it itself and verifies the ledger.
    const verified = ops('ledger:verify');
    expect(verified.stdout).toContain('ledger ok');
  }, 400_000); // two platform starts, a crash and a restart: minutes on a loaded 2-core machine
});
