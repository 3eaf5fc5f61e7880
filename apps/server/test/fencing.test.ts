import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  attemptOf,
  balanceFen,
  cancelTask,
  claimTask,
  finishTask,
  getTask,
  getTaskFiles,
  getTaskRows,
  heartbeat,
  insertTask,
  requeueTask,
  selectRows,
  verifyLedger,
  type TaskAttempt,
  type TaskOutcome,
} from '@yunyao/db';
import type { Storage } from '@yunyao/platform';
import { LocalExecutor, runTask } from '@yunyao/worker';
import { newUser, startTestPlatform, submitFiles, type TestPlatform } from './support/harness.ts';

const PUBCHEM = '/usr/share/RDKit/Projects/DbCLI/testData/pubchem.200.sdf';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
});
afterAll(() => t?.close());

const db = () => t.platform.deps.database.db;

async function queuedTask(userId: number) {
  return insertTask(db(), { userId, module: 'convert', moduleVersion: '1', name: 'x', params: {} });
}

async function claim(taskId: number, worker: string): Promise<TaskAttempt> {
  return attemptOf((await claimTask(db(), taskId, worker))!);
}

/** A task claimed by `first`, requeued by the sweep while that attempt was silent, and claimed again by `second`. */
async function supersededTask(userId: number): Promise<{ stale: TaskAttempt; current: TaskAttempt }> {
  const task = await queuedTask(userId);
  const stale = await claim(task.id, 'first');
  expect(await requeueTask(db(), stale)).toBe(true);
  return { stale, current: await claim(task.id, 'second') };
}

/** A chargeable success (1 yuan) whose outputs, rows and summary name the attempt that produced them. */
const succeeded = (by: string): TaskOutcome => ({
  state: 'succeeded',
  cpuSeconds: 360,
  priceFenPerCoreHour: 1000,
  result: { by },
  outputs: [{ role: 'output', name: 'out.smi', storageKey: `tasks/x/${by}/out.smi`, size: 1 }],
  rows: [{ by }],
});

async function chargesOf(taskId: number): Promise<number> {
  const [row] = await selectRows<{ n: string }>(db(), sql`select count(*) as n from ledger_entries where kind = 'task_charge' and ref = ${`task:${taskId}`}`);
  return Number(row!.n);
}

describe('attempt fencing: only the attempt that holds a task writes to it', () => {
  it('refuses the heartbeat, progress, requeue and completion of an attempt requeued while it was silent', async () => {
    const { userId } = await newUser(t, 'fenced@example.com', 10);
    const { stale, current } = await supersededTask(userId);
    expect(current.attempt).toBe(stale.attempt + 1);

    expect(await heartbeat(db(), stale, { done: 9, total: 10, unit: 'molecules' })).toBe(false);
    expect((await getTask(db(), stale.taskId))!.progress).toBeNull();
    expect(await heartbeat(db(), current, { done: 1, total: 10, unit: 'molecules' })).toBe(true);
    expect((await getTask(db(), current.taskId))!.progress).toEqual({ done: 1, total: 10, unit: 'molecules' });

    // A sweep that read the silent attempt cannot requeue (or fail) the attempt that replaced it.
    expect(await requeueTask(db(), stale)).toBe(false);
    expect(await finishTask(db(), stale, { state: 'failed', failureKind: 'platform', error: 'stale', cpuSeconds: 0, priceFenPerCoreHour: 0 })).toBeUndefined();

    expect(await finishTask(db(), stale, succeeded('stale'))).toBeUndefined();
    const untouched = (await getTask(db(), stale.taskId))!;
    expect(untouched).toMatchObject({ state: 'running', worker: 'second', attempts: current.attempt, feeFen: 0, result: null });
    expect(await getTaskFiles(db(), stale.taskId)).toEqual([]);
    expect((await getTaskRows(db(), stale.taskId, 0, 10)).total).toBe(0);
    expect(await balanceFen(db(), userId)).toBe(1000);

    expect(await finishTask(db(), current, succeeded('current'))).toMatchObject({ state: 'succeeded', feeFen: 100, result: { by: 'current' } });
    expect(await finishTask(db(), stale, succeeded('stale'))).toBeUndefined();
    expect((await getTaskRows(db(), current.taskId, 0, 10)).rows).toEqual([{ by: 'current' }]);
    expect((await getTaskFiles(db(), current.taskId)).map((f) => f.storageKey)).toEqual(['tasks/x/current/out.smi']);
    expect(await chargesOf(current.taskId)).toBe(1);
    expect(await balanceFen(db(), userId)).toBe(900);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('lets an attempt requeued while silent take its task back while no other attempt claimed it', async () => {
    const { userId } = await newUser(t, 'taken-back@example.com', 10);
    const task = await queuedTask(userId);
    const silent = await claim(task.id, 'first');
    expect(await requeueTask(db(), silent)).toBe(true);

    // Its heartbeat takes the task back: running again, held by the same attempt.
    expect(await heartbeat(db(), silent, { done: 5, total: 10, unit: 'molecules' })).toBe(true);
    expect((await getTask(db(), task.id))!).toMatchObject({ state: 'running', worker: 'first', attempts: 1, progress: { done: 5, total: 10, unit: 'molecules' } });
    // The queued job claims nothing: the attempt holds the task.
    expect(await claimTask(db(), task.id, 'second')).toBeUndefined();

    // Requeued again and not claimed: its completion stands, charged once, and the queued job is a no-op.
    expect(await requeueTask(db(), silent)).toBe(true);
    expect(await finishTask(db(), silent, succeeded('first'))).toMatchObject({ state: 'succeeded', worker: 'first', attempts: 1, feeFen: 100, result: { by: 'first' } });
    expect(await claimTask(db(), task.id, 'second')).toBeUndefined();
    expect((await getTaskRows(db(), task.id, 0, 10)).rows).toEqual([{ by: 'first' }]);
    expect(await chargesOf(task.id)).toBe(1);
    expect(await balanceFen(db(), userId)).toBe(900);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('lets a silent attempt neither end nor charge its requeued task once the user cancels it', async () => {
    const { userId } = await newUser(t, 'requeued@example.com', 10);
    const task = await queuedTask(userId);
    const stale = await claim(task.id, 'first');
    expect(await requeueTask(db(), stale)).toBe(true);

    expect(await cancelTask(db(), task.id, userId)).toBe(true);
    expect(await heartbeat(db(), stale)).toBe(false);
    expect(await finishTask(db(), stale, succeeded('stale'))).toBeUndefined();
    expect((await getTask(db(), task.id))!).toMatchObject({ state: 'cancelled', feeFen: 0 });
    expect(await chargesOf(task.id)).toBe(0);
    expect(await balanceFen(db(), userId)).toBe(1000);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('stops the holding attempt when the user cancels, and still settles what it used', async () => {
    const { userId } = await newUser(t, 'cancels@example.com', 10);
    const task = await queuedTask(userId);
    const attempt = await claim(task.id, 'first');
    expect(await cancelTask(db(), task.id, userId)).toBe(true);
    expect(await heartbeat(db(), attempt)).toBe(false);
    expect(await finishTask(db(), attempt, succeeded('first'))).toMatchObject({ state: 'cancelled', feeFen: 100, result: null });
    expect(await chargesOf(task.id)).toBe(1);
  });

  it('lets a broken submission fail only a task that no worker has claimed', async () => {
    const { userId } = await newUser(t, 'submits@example.com', 10);
    const platformFailure: TaskOutcome = { state: 'failed', failureKind: 'platform', error: '任务提交失败，请重试', cpuSeconds: 0, priceFenPerCoreHour: 0 };
    const claimed = await queuedTask(userId);
    await claim(claimed.id, 'first');
    expect(await finishTask(db(), attemptOf(claimed), platformFailure)).toBeUndefined();
    expect((await getTask(db(), claimed.id))!.state).toBe('running');

    const unclaimed = await queuedTask(userId);
    expect(await finishTask(db(), attemptOf(unclaimed), platformFailure)).toMatchObject({ state: 'failed', feeFen: 0 });
  });
});

describe('a large result taken in', () => {
  it('goes in whole and in order, shows no row before the task succeeded, and clears what a superseded attempt left', async () => {
    const { userId } = await newUser(t, 'large-result@example.com', 10);
    const { stale, current } = await supersededTask(userId);
    // What a superseded attempt had stored of its rows when it was fenced off between two batches.
    await t.platform.deps.database.sql.executeSql(`insert into task_rows (task_id, idx, row) select $1, g, jsonb_build_object('by', 'stale') from generate_series(0, 699) g`, [stale.taskId]);
    expect((await getTaskRows(db(), stale.taskId, 0, 10)).total).toBe(0);

    const rows = Array.from({ length: 1234 }, (_, i) => ({ by: 'current', i }));
    expect(await finishTask(db(), current, { ...succeeded('current'), rows })).toMatchObject({ state: 'succeeded' });
    const stored = await getTaskRows(db(), current.taskId, 0, 2000);
    expect(stored.total).toBe(1234);
    expect(stored.rows).toEqual(rows);
  });

  it('leaves no row behind when the ending has none of its own', async () => {
    const { userId } = await newUser(t, 'failed-result@example.com', 10);
    const { stale, current } = await supersededTask(userId);
    await t.platform.deps.database.sql.executeSql(`insert into task_rows (task_id, idx, row) values ($1, 0, '{"by": "stale"}')`, [stale.taskId]);
    expect(await finishTask(db(), current, { state: 'failed', failureKind: 'engine', error: 'broke', cpuSeconds: 1, priceFenPerCoreHour: 0 })).toMatchObject({ state: 'failed' });
    const [left] = (await t.platform.deps.database.sql.executeSql('select count(*)::int as n from task_rows where task_id = $1', [stale.taskId])).rows as { n: number }[];
    expect(left!.n).toBe(0);
  });
});

describe('a worker whose attempt is requeued and claimed again while it runs', () => {
  it('stops, discards what it stored and leaves the task to the attempt that holds it', async () => {
    const { token, userId } = await newUser(t, 'overtaken@example.com', 10);
    const sub = await submitFiles(t, token, '/api/perform', [{ field: 'input', name: 'many.sdf', data: readFileSync(PUBCHEM) }], { structure: '2D', out: 'many.sdf' });
    const id = sub.body.data.task_id;
    const { config, database, storage, queue } = t.platform.deps;
    // A heartbeat slower than the requeue and the second claim below: a beat between them would find the
    // task requeued and nobody holding it, and take it back (the right thing for a worker, not this test).
    const running = runTask({ config, database, storage, queue, executor: new LocalExecutor(), heartbeatMs: 1000 }, id);
    let held = await getTask(db(), id);
    while (held?.state !== 'running') held = await getTask(db(), id);
    // What the sweep and a second worker do after an outage longer than the heartbeat window.
    expect(await requeueTask(db(), attemptOf(held))).toBe(true);
    const current = await claim(id, 'second');
    await running;

    expect((await getTask(db(), id))!).toMatchObject({ state: 'running', worker: 'second', attempts: 2, feeFen: 0, progress: null });
    expect((await getTaskFiles(db(), id)).filter((f) => f.role !== 'input')).toEqual([]);
    expect(await storage.exists(`tasks/${id}/output/1/task.log`)).toBe(false);
    expect(existsSync(join(config.scratchDir, `task-${id}-1`))).toBe(false);
    expect(await balanceFen(db(), userId)).toBe(1000);
    expect(await heartbeat(db(), current)).toBe(true);
  });
});

describe('a storage failure while a task stores its results', () => {
  it("fails the task free with a reason in Chinese that shows no server path; the path goes to the server's log", async () => {
    const { token, userId } = await newUser(t, 'storage-fault@example.com', 10);
    const sub = await submitFiles(t, token, '/api/convert', [{ field: 'input', name: 'a.sdf', data: readFileSync('packages/modules/convert/examples/bzr-3.sdf') }], { out: 'a.mol2' });
    const id = sub.body.data.task_id;
    const { config, database, storage, queue } = t.platform.deps;
    const denied = Object.assign(new Error(`EPERM: operation not permitted, mkdir '${config.dataDir}/files/tasks/${id}/output'`), { code: 'EPERM' });
    // The inputs read as before; storing an output is refused, as a read-only or full disk refuses it.
    const failing: Storage = Object.assign(Object.create(storage) as Storage, { put: () => Promise.reject(denied) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await runTask({ config, database, storage: failing, queue, executor: new LocalExecutor() }, id);
      expect(logged.mock.calls.flat()).toContain(denied);
    } finally {
      logged.mockRestore();
    }
    const task = (await getTask(db(), id))!;
    expect(task).toMatchObject({ state: 'failed', failureKind: 'platform', feeFen: 0 });
    expect(task.error).toMatch(/^平台内部错误/);
    expect(task.error).not.toMatch(/EPERM|\//);
    const shown = await t.api<{ result: string }>(`/api/tasks/${id}`, { token });
    expect(shown.body.data.result).toBe(task.error);
    expect(await balanceFen(db(), userId)).toBe(1000);
    expect(await verifyLedger(db())).toEqual([]);
  });
});
