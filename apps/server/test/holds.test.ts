/**
 * Issue 15, point 2: submission holds each task's cost on the balance in the transaction that
 * creates it, the charge settles against the hold, a task is stopped at its hold, and the books
 * never show a negative balance or a hold without a live task.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { SPEND_CAP_INVALID, type CostEstimate, type TaskRow } from '@yunyao/contract';
import { detectPocketsFromFile } from '@yunyao/pockets/node';
import { availability, balanceFen, claimTask, getTask, insertHeldTask, selectRows, verifyLedger } from '@yunyao/db';
import { MIN_HOLD_FEN } from '@yunyao/modules';
import { sweepStaleTasks } from '@yunyao/worker';
import { dbKind, newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

/**
 * A test-only module that burns CPU until it is stopped, at a price where a fen buys 0.1 CPU
 * second: the only way to see the hold stop a real process within a test's time. And docking at
 * 3,600 fen per core-hour (a fen a CPU second) instead of 100 (a fen 36 CPU seconds), so that the fen a
 * workflow has left for its docking step runs out within the step's first seconds rather than after
 * 36 seconds of Vina; the workflow module is built again over it, as the registry builds it, so the
 * step's hold and the worker's CPU budget read the one price.
 */
vi.mock('@yunyao/modules', async (importOriginal) => {
  const original = await importOriginal<typeof import('@yunyao/modules')>();
  const { z } = await import('zod');
  const burner = original.defineModule({
    ...original.defineModuleMeta({ code: 'burner', route: '/api/burner', name: { zh: '耗时测试', en: 'Burner' } }),
    description: { zh: '一直占用 CPU，直到被终止。', en: 'Uses CPU until stopped.' },
    priceFenPerCoreHour: 36_000,
    cores: 1,
    history: 'recent',
    files: [],
    params: z.object({}),
    version: '1.0.0',
    timeLimitSeconds: 60,
    engines: [original.defineEngine({ id: 'python', name: 'Python', probe: { argv: ['{python}', '--version'], pattern: /Python ([\d.]+)/ }, citations: [] })],
    estimateCoreHours: () => 1 / 3600,
    taskName: () => ({ zh: 'burn', en: 'burn' }),
    buildSteps: () => [{ name: 'burn', argv: ['python3', '-c', 'while True: pass'] }],
    parseResult: () => Promise.resolve({ summary: {}, outputs: [], rows: [] }),
    rowSchema: z.looseObject({}),
  });
  const steps = [...original.modules.values()].filter((m) => m.code !== 'group').map((m) => (m.code === 'autodock' ? { ...m, priceFenPerCoreHour: 3600 } : m));
  const modules = original.buildRegistry([...steps, burner, original.createGroupModule(original.buildRegistry(steps))]);
  return { ...original, modules, getModule: (code: string) => modules.get(code) };
});

const SDF = `ethanol
  RDKit          3D

  3  2  0  0  0  0  0  0  0  0999 V2000
   -0.8883    0.1670   -0.0273 C   0  0  0  0  0  0  0  0  0  0  0  0
    0.5121   -0.3605    0.0564 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.3761    0.6919   -0.2409 O   0  0  0  0  0  0  0  0  0  0  0  0
  1  2  1  0
  2  3  1  0
M  END
$$$$
`;

function convertForm(extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('input', new Blob([SDF]), 'ethanol.sdf');
  form.set('out', 'ethanol.mol2');
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return form;
}

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t?.close());

const db = () => t.platform.deps.database.db;

async function taskHolds(userId: number): Promise<number> {
  return (await availability(db(), userId)).heldFen;
}

describe('holds', () => {
  it('estimates a submission exactly as it would be held, without storing or holding anything', async () => {
    const { token, userId } = await newUser(t, 'estimate@example.com', 1);
    const res = await t.api<CostEstimate>('/api/convert/estimate', { method: 'POST', token, body: convertForm() });
    expect(res.body.errno).toBe(0);
    const estimate = res.body.data;
    // One molecule through Open Babel: a couple of CPU seconds, 1 fen at 0.5 yuan per core-hour, held with the minimum.
    expect(estimate.core_hours).toBeGreaterThan(0);
    expect(estimate).toMatchObject({ estimate: 0.01, hold: MIN_HOLD_FEN / 100, spend_cap: null, balance: 1, held: 0, available: 1 });
    expect(await taskHolds(userId)).toBe(0);

    const submitted = await t.api<{ task_id: number }>('/api/convert', { method: 'POST', token, body: convertForm() });
    const task = (await getTask(db(), submitted.body.data.task_id))!;
    expect({ estimate: task.estimateFen / 100, hold: task.holdFen / 100 }).toEqual({ estimate: estimate.estimate, hold: estimate.hold });
    await waitForTask(t, token, task.id);
  });

  it('lets ten concurrent submissions from 0.01 yuan hold at most the balance, and the balance never goes negative', async () => {
    const { token, userId } = await newUser(t, 'cent@example.com', 0.01);
    // Without a cap each task would hold the 0.10 yuan minimum: more than the balance.
    const uncapped = await t.api('/api/convert', { method: 'POST', token, body: convertForm() });
    expect(uncapped.status).toBe(402);
    expect(uncapped.body.errmsg).toBe('可用余额 ¥0.01不足以冻结本任务的费用 ¥0.10（预估 ¥0.01），请充值或设置更低的任务费用上限！');

    const answers = await Promise.all(Array.from({ length: 10 }, () => t.api<{ task_id: number }>('/api/convert', { method: 'POST', token, body: convertForm({ spend_cap: '0.01' }) })));
    const accepted = answers.filter((a) => a.body.errno === 0);
    expect(accepted).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.errno !== 0)) {
      expect(refused.status).toBe(402);
      expect(refused.body.errmsg).toMatch(/^可用余额 ¥0\.00（另有 ¥0\.01 被排队或运行中的任务冻结）不足以冻结本任务的费用 ¥0\.01/);
    }
    await waitForTask(t, token, accepted[0]!.body.data.task_id);
    expect(await balanceFen(db(), userId)).toBeGreaterThanOrEqual(0);
    expect(await taskHolds(userId)).toBe(0);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('refuses a spending cap that is not an amount, with its message, before anything is held', async () => {
    const { token, userId } = await newUser(t, 'badcap@example.com', 10);
    const expected: Record<string, string> = { '0': SPEND_CAP_INVALID, '-1': SPEND_CAP_INVALID, abc: SPEND_CAP_INVALID, '100001': SPEND_CAP_INVALID, '0.001': '金额最多两位小数！' };
    for (const [cap, message] of Object.entries(expected)) {
      const res = await t.api('/api/convert', { method: 'POST', token, body: convertForm({ spend_cap: cap }) });
      expect([res.status, res.body.errmsg], cap).toEqual([400, message]);
    }
    expect(await taskHolds(userId)).toBe(0);
  });

  it('stops a task that reaches its hold and charges exactly the hold', async () => {
    const { token, userId } = await newUser(t, 'burner@example.com', 10);
    // 0.05 yuan at 360 yuan per core-hour buys half a CPU second.
    const submitted = await t.api<{ task_id: number }>('/api/burner', { method: 'POST', token, json: { spend_cap: '0.05' } });
    expect(submitted.body.errno).toBe(0);
    const row = await waitForTask(t, token, submitted.body.data.task_id, 30_000);
    const task = (await getTask(db(), row.id))!;
    expect(task.state).toBe('failed');
    expect(task.failureKind).toBe('spending_cap');
    expect(task.error).toBe('任务费用已达到提交时冻结的上限 ¥0.05（预估 ¥0.10），已终止，按上限收费。如需完整运行，请提高“任务费用上限”后重新提交');
    expect(task.feeFen).toBe(5);
    expect(await balanceFen(db(), userId)).toBe(1000 - 5);
    expect(await taskHolds(userId)).toBe(0);
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('releases the hold of a task cancelled while queued, and the sweep settles a cancelled task whose worker is gone', async () => {
    const { userId } = await newUser(t, 'cancel@example.com', 10);
    const cost = { estimateFen: 1, holdFen: 30 };
    const queued = await insertHeldTask(db(), { userId, module: 'convert', moduleVersion: '1', name: 'q', params: {} }, cost);
    const running = await insertHeldTask(db(), { userId, module: 'convert', moduleVersion: '1', name: 'r', params: {} }, cost);
    if ('refused' in queued || 'refused' in running) throw new Error('the balance covers both');
    expect(await taskHolds(userId)).toBe(60);
    const { cancelTask } = await import('@yunyao/db');
    expect(await cancelTask(db(), queued.id, userId)).toBe(true);
    expect(await taskHolds(userId)).toBe(30);

    await claimTask(db(), running.id, 'vanished-worker');
    expect(await cancelTask(db(), running.id, userId)).toBe(true);
    // Still held while its worker would be stopping it.
    expect(await taskHolds(userId)).toBe(30);
    await db().execute(sql`update tasks set heartbeat_at = now() - interval '10 minutes' where id = ${running.id}`);
    const swept = await sweepStaleTasks(t.platform.deps.database, t.platform.deps.queue, 60);
    expect(swept.failed).toContain(running.id);
    expect(await taskHolds(userId)).toBe(0);
    expect((await getTask(db(), running.id))!).toMatchObject({ state: 'cancelled', feeFen: 0 });
    expect(await verifyLedger(db())).toEqual([]);
  });

  it('sets holds and pending refunds aside from each other: money held by tasks cannot be refunded, money asked back cannot be held', async () => {
    const { token, userId } = await newUser(t, 'refund@example.com', 1);
    const held = await insertHeldTask(db(), { userId, module: 'convert', moduleVersion: '1', name: 'h', params: {} }, { estimateFen: 20, holdFen: 60 });
    if ('refused' in held) throw new Error('the balance covers it');
    const tooMuch = await t.api('/api/balance/refund', { method: 'POST', token, json: { amount: 0.5, name: '张三', account: '6222 0000' } });
    expect([tooMuch.status, tooMuch.body.errmsg]).toEqual([400, '退款金额不能超过可退余额 0.40 元！']);
    const asked = await t.api('/api/balance/refund', { method: 'POST', token, json: { amount: 0.4, name: '张三', account: '6222 0000' } });
    expect(asked.body.errno).toBe(0);
    const info = await t.api<{ balance: number; held: number; available: number }>('/api/user/info', { token });
    expect(info.body.data).toMatchObject({ balance: 1, held: 1, available: 0 });
    const submitted = await t.api('/api/convert', { method: 'POST', token, body: convertForm({ spend_cap: '0.01' }) });
    expect(submitted.status).toBe(402);
    expect(submitted.body.errmsg).toMatch(/^可用余额 ¥0\.00（另有 ¥0\.60 被排队或运行中的任务冻结，¥0\.40 正在退款）不足以冻结本任务的费用 ¥0\.01/);
  });

  it('ledger verification fails on a negative balance and on a hold without a live task', async () => {
    const { userId } = await newUser(t, 'books@example.com', 1);
    const task = await insertHeldTask(db(), { userId, module: 'convert', moduleVersion: '1', name: 'o', params: {} }, { estimateFen: 1, holdFen: 10 });
    if ('refused' in task) throw new Error('the balance covers it');
    await db().execute(sql`update tasks set state = 'succeeded' where id = ${task.id}`);
    await db().execute(sql`insert into ledger_entries (user_id, kind, amount_fen, reason, ref) values (${userId}, 'credit', -200, 'test', ${`test:${userId}`})`);
    await db().execute(sql`update users set balance_fen = balance_fen - 200 where id = ${userId}`);
    const problems = (await verifyLedger(db())).filter((p) => p.userId === userId).map((p) => p.problem);
    expect(problems).toEqual(['negative balance -100 fen', `hold 10 fen without a live task: task ${task.id} which has succeeded`]);
    const rows = await selectRows<{ n: string }>(db(), sql`select count(*) as n from task_holds where task_id = ${task.id}`);
    expect(Number(rows[0]!.n)).toBe(1);
    await db().execute(sql`delete from task_holds where task_id = ${task.id}`);
    await db().execute(sql`update users set balance_fen = balance_fen + 200 where id = ${userId}`);
    await db().execute(sql`delete from ledger_entries where ref = ${`test:${userId}`}`);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

// The engine's CPU budget stopping a workflow's step mid-run, once, on PGlite. What the database decides
// about a workflow's cap (each step's hold carved from what the workflow has left, the charge, the holds
// released) runs on both, in workflow.test.ts, where the cap is spent before a step can start.
describe.runIf(dbKind === 'pglite')('a workflow run to its spending cap', () => {
  it('stops the step that reaches it mid-run: that step fails, the finished one keeps its results and fee', async () => {
    const { token, userId } = await newUser(t, 'workflow-cap@example.com');
    const aurka = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
    const [site] = detectPocketsFromFile(aurka);
    // 2 fen: the 2D step spends 1 (any use of the machine is at least a fen), which leaves docking (at the
    // price above) one CPU second, far short of twelve molecules at exhaustiveness 32.
    const alcohols = Array.from({ length: 12 }, (_, i) => `${'C'.repeat(i + 4)}O alcohol${i}`).join('\n');
    const res = await submitFiles(t, token, '/api/groups', [{ field: 'protein', name: 'aurka.pdb', data: readFileSync(aurka) }], {
      protein_source: 'file',
      mole_type: 'molecule',
      molecules: alcohols,
      pockets: JSON.stringify({ name: site!.name, center: site!.box.center, size: site!.box.size }),
      spend_cap: '0.02',
      'modules[0][module]': 'graph_dta',
      'modules[0][filter]': '12',
      'modules[1][module]': 'autodock',
      'modules[1][accuracy]': '32',
      'modules[1][posture]': '1',
      'modules[1][filter]': '12',
    });
    expect(res.body.errmsg).toBe('任务提交成功!');
    const done = await waitForTask(t, token, res.body.data.task_id, 300_000);
    expect(done.status_text).toBe('已失败');
    expect(done.result).toMatch(/上限/);
    // A workflow's row, its children (`tasks`) rows too.
    const { body } = await t.api<{ data: (Omit<TaskRow, 'tasks'> & { tasks: TaskRow[] })[] }>('/api/groups?page=1&limit=20', { token });
    const row = body.data.data.find((r) => r.id === done.id)!;
    expect(row.tasks.map((c) => [c.module, c.status_text])).toEqual([
      ['graph_dta', '已完成'],
      ['autodock', '已失败'],
    ]);
    // Stopped by its CPU budget while it ran, not refused before it started.
    expect((await getTask(db(), row.tasks[1]!.id))!.failureKind).toBe('spending_cap');
    expect(row.tasks.reduce((sum, c) => sum + Number(c.task_fee), 0)).toBeLessThanOrEqual(0.02);
    expect((await t.api<unknown[]>(`/api/tasks/output/${row.tasks[0]!.id}`, { token })).body.data).toHaveLength(12);
    expect(await taskHolds(userId)).toBe(0);
    expect(await verifyLedger(db())).toEqual([]);
  }, 320_000);
});
