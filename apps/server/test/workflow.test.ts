import { readFileSync } from 'node:fs';
import { detectPocketsFromFile } from '@yunyao/pockets/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptOf, availability, balanceFen, claimTask, finishTask, getTask, verifyLedger, workflowChildren } from '@yunyao/db';
import { advanceTask, sweepStaleTasks } from '@yunyao/worker';
import type { TaskRow } from '@yunyao/contract';
import { dbKind, newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

// Aurora A kinase (Debian rdkit-data): a real kinase, so the 2D affinity model is in its domain.
const AURKA = readFileSync('/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb');
const MOLECULES = 'c1ccccc1O phenol\nCCCCO butanol\nc1ccc2ccccc2c1 naphthalene';
// 20 residues of p38 around a ligand: a receptor prepared in seconds, for chains without a 2D step (it needs 30 residues).
const P38 = 'test-fixtures/mmgbsa/p38_pocket.pdb';
const p38 = { field: 'protein', name: 'p38.pdb', data: readFileSync(P38) };
const ALCOHOLS = Array.from({ length: 12 }, (_, i) => `${'C'.repeat(i + 4)}O alcohol${i}`).join('\n');

interface StepSummary {
  index: number;
  key: string;
  module: string;
  task_id: number;
  scored: number;
  kept: number;
  score: { column: string; better: string };
}
/** A task row whose children (`tasks`) are rows too. */
type WorkflowRow = Omit<TaskRow, 'tasks'> & { tasks: TaskRow[] };
type SummaryRow = { ID: string; SMILES: string } & Record<string, number | null | string>;

let t: TestPlatform;
let token: string;
let userId: number;
let pocket: string;
let p38Pocket: string;

beforeAll(async () => {
  t = await startTestPlatform();
  ({ token, userId } = await newUser(t, 'workflow@example.com'));
  const [site] = detectPocketsFromFile('/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb');
  pocket = JSON.stringify({ name: site!.name, center: site!.box.center, size: site!.box.size });
  const [p38Site] = detectPocketsFromFile(P38);
  p38Pocket = JSON.stringify({ name: p38Site!.name, center: p38Site!.box.center, size: p38Site!.box.size });
});
afterAll(() => t?.close());

const protein = { field: 'protein', name: 'aurka.pdb', data: AURKA };
const steps = (...list: Record<string, string>[]) =>
  Object.fromEntries(list.flatMap((step, i) => Object.entries(step).map(([k, v]) => [`modules[${i}][${k}]`, v])));
const tinyDocking = { module: 'autodock', accuracy: '1', posture: '1', filter: '2' };
const submit = (fields: Record<string, string>, files = [protein]) =>
  submitFiles(t, token, '/api/groups', files, { protein_source: 'file', mole_type: 'molecule', molecules: MOLECULES, ...fields });

async function summaryOf(id: number) {
  const result = (await t.api<{ steps: StepSummary[]; final: number }>(`/api/tasks/json/${id}`, { token })).body.data;
  const rows = (await t.api<SummaryRow[]>(`/api/tasks/output/${id}`, { token })).body.data;
  return { ...result, rows };
}

async function rowOf(id: number): Promise<WorkflowRow> {
  const { body } = await t.api<{ data: WorkflowRow[] }>('/api/groups?page=1&limit=20', { token });
  return body.data.data.find((r) => r.id === id)!;
}

async function noHoldsLeft(): Promise<void> {
  const money = await availability(t.platform.deps.database.db, userId);
  expect(money.heldFen).toBe(0);
  expect(await verifyLedger(t.platform.deps.database.db)).toEqual([]);
}

describe('workflow submission', () => {
  it('refuses an impossible plan with the spec messages before holding anything', async () => {
    const before = await balanceFen(t.platform.deps.database.db, userId);
    const cases: [Record<string, string>, string][] = [
      [steps({ module: 'sign' }, tinyDocking), '亲和力预测3D模块不能放在首位！'],
      [steps({ module: 'graph_dta' }, { module: 'sign' }), '亲和力预测3D模块须放在分子对接模块后！'],
      [steps({ module: 'dynamic' }), '结合自由能模块不能放在首位！'],
      [steps({ module: 'graph_dta' }, { module: 'dynamic' }), '结合自由能模块须放在分子对接模块后！'],
      [steps({ module: 'pharmer' }), '第 1 步“药效团筛选”缺少参考配体（请上传参考配体，或放在分子对接步骤之后）！'],
      [steps({ module: 'qsar' }), '工作流步骤的模块无效，请重新添加！'],
      [steps({ module: 'autodock', accuracy: '0' }), '精确度须为 1–64 的整数！'],
      [{}, '请添加至少一个工作流步骤！'],
    ];
    for (const [fields, message] of cases) expect((await submit(fields)).body.errmsg).toBe(message);
    expect((await submit({ ...steps(tinyDocking), protein_source: 'rcsb', pdb_id: '' }, [])).body.errmsg).toBe('请输入蛋白质pdbid！');
    expect((await submit(steps(tinyDocking), [])).body.errmsg).toBe('请上传蛋白质文件！');
    expect((await submit({ ...steps(tinyDocking), protein_source: 'cos' }, [])).body.errmsg).toBe('请选择数据中心蛋白质文件！');
    expect(await balanceFen(t.platform.deps.database.db, userId)).toBe(before);
    await noHoldsLeft();
  });

  it('estimates the whole chain before submit: each step for the molecules its predecessors keep', async () => {
    const estimate = async (fields: Record<string, string>) => {
      const res = await submitFiles(t, token, '/api/groups/estimate', [protein], { protein_source: 'file', mole_type: 'molecule', molecules: MOLECULES, pockets: pocket, ...fields });
      return res.body.data as unknown as { core_hours: number; estimate: number; hold: number };
    };
    const docking = await estimate(steps(tinyDocking));
    const chained = await estimate(steps(tinyDocking, { module: 'graph_dta' }));
    const narrower = await estimate(steps({ ...tinyDocking, filter: '1' }, { module: 'graph_dta' }));
    expect(chained.core_hours).toBeGreaterThan(docking.core_hours);
    expect(narrower.core_hours).toBeLessThan(chained.core_hours);
    expect(chained.hold).toBeGreaterThanOrEqual(chained.estimate);
  });
});

describe('a workflow run end to end', () => {
  // The engine chains run once, on PGlite: which database stored the steps does not change what the
  // engines hand on. What the database decides (holds, caps, cancellation, the sweep, the ledger at
  // every instant) runs on both.
  // Docking → 3D affinity → 2D affinity runs once in the suite, in e2e/workflow.e2e.ts, which checks through the
  // API what this file checked of it: the child tasks and their fees, each step's counts, the summary's rows and
  // order, the 3D step scoring the docked poses, no hold left, the ledger, and a rerun's name.

  // Docking → pharmacophore screening (the best docked pose as the reference) runs once in the API tests, in
  // crash.test.ts ('a workflow whose workers are killed mid-step'), which checks the same steps, scores and holds.

  // Slow (a solvated complex is minimised), so on the embedded database only; the plan logic is the same on both.
  // 0.4 ps of equilibration and no production: the equilibrated structure is scored. Cheaper than btime 0, whose
  // scored minimum is converged to 10 kJ/mol/nm (python/yunyao/dynamic/md.py), here a quarter of its CPU time.
  it.runIf(dbKind === 'pglite')('hands docked poses to free energy (two steps)', async () => {
    const res = await submit(
      { molecules: 'c1ccccc1O phenol\nc1ccc2ccccc2c1 naphthalene', pockets: p38Pocket, ...steps({ ...tinyDocking, filter: '1' }, { module: 'dynamic', btime: '0.0004', stime: '0' }) },
      [p38],
    );
    const done = await waitForTask(t, token, res.body.data.task_id, 900_000);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    const summary = await summaryOf(done.id);
    expect(summary.steps.map((s) => [s.module, s.scored])).toEqual([
      ['autodock', 1],
      ['dynamic', 1],
    ]);
    // Free energy scored the one pose docking kept, under the name the workflow gave it.
    const [dynamicRow] = (await t.api<{ name: string; dG: number | null }[]>(`/api/tasks/output/${summary.steps[1]!.task_id}`, { token })).body.data;
    expect(summary.rows.map((r) => r.ID)).toEqual([dynamicRow!.name]);
    expect(dynamicRow!.dG).toBeLessThan(0);
    expect(summary.rows[0]!.s2).toBe(dynamicRow!.dG);
  }, 920_000);

  it.runIf(dbKind === 'pglite')('fails the workflow with the failing step’s reason, keeping what finished', async () => {
    // A protein, so submission takes it, but a chain of five residues: the 2D step needs 30.
    const pentapeptide = Array.from({ length: 5 }, (_, i) => `ATOM  ${String(i + 1).padStart(5)}  CA  ALA A${String(i + 1).padStart(4)}    ${(3.8 * i).toFixed(3).padStart(8)}   0.000   0.000  1.00  0.00           C`);
    const shortChain = { field: 'protein', name: 'short-chain.pdb', data: Buffer.from(`${pentapeptide.join('\n')}\nEND\n`) };
    const res = await submit(steps({ module: 'graph_dta' }, tinyDocking), [shortChain]);
    const done = await waitForTask(t, token, res.body.data.task_id, 300_000);
    expect(done.status_text).toBe('已失败');
    expect(done.result).toMatch(/^第 1 步（亲和力预测（2D））失败：/);
    const row = await rowOf(done.id);
    expect(row.tasks.map((c) => c.status_text)).toEqual(['已失败']);
    await noHoldsLeft();
  }, 320_000);

  // The engine's CPU budget stopping a step mid-run runs once, on PGlite, in holds.test.ts, where docking is priced
  // so that the fen left for it lasts a CPU second rather than 36. What the database decides about a cap (each
  // step's hold carved from what the workflow has left, the charge, the holds released) runs on both, here, where
  // the cap is spent before a step can start.
  it('stops at the spending cap before a step the workflow has nothing left to hold for, the finished one keeping its results and fee', async () => {
    // 1 fen: the 2D step spends it all (any use of the machine is at least a fen), so docking is never started.
    const res = await submit({ pockets: pocket, spend_cap: '0.01', ...steps({ module: 'graph_dta', filter: '3' }, tinyDocking) });
    expect(res.body.errmsg).toBe('任务提交成功!');
    const done = await waitForTask(t, token, res.body.data.task_id, 300_000);
    expect(done.status_text).toBe('已失败');
    expect(done.result).toMatch(/^工作流费用已达到提交时冻结的上限，第 2 步（分子对接）未开始/);
    const row = await rowOf(done.id);
    expect(row.tasks.map((c) => [c.module, c.status_text])).toEqual([['graph_dta', '已完成']]);
    expect(Number(row.tasks[0]!.task_fee)).toBe(0.01);
    expect(Number(row.task_fee)).toBe(0.01);
    expect((await t.api<unknown[]>(`/api/tasks/output/${row.tasks[0]!.id}`, { token })).body.data).toHaveLength(3);
    await noHoldsLeft();
  }, 320_000);

  it('cancels the running and waiting steps with the workflow', async () => {
    const res = await submit({ molecules: ALCOHOLS, pockets: pocket, ...steps({ ...tinyDocking, accuracy: '8' }, { module: 'graph_dta' }) });
    const id = res.body.data.task_id;
    const deadline = Date.now() + 120_000;
    while ((await rowOf(id)).tasks[0]?.status_text !== '运行中') {
      if (Date.now() > deadline) throw new Error('the first step never started');
      await new Promise((r) => setTimeout(r, 300));
    }
    expect((await t.api('/api/tasks/cancel', { token, method: 'POST', json: { task_id: id } })).body.errmsg).toBe('任务已取消');
    const children = async () => workflowChildren(t.platform.deps.database.db, id);
    const settled = Date.now() + 60_000;
    while ((await availability(t.platform.deps.database.db, userId)).heldFen > 0) {
      if (Date.now() > settled) throw new Error('the cancelled step was never settled');
      await new Promise((r) => setTimeout(r, 300));
    }
    expect((await children()).map((c) => c.state)).toEqual(['cancelled']);
    expect((await rowOf(id)).status_text).toBe('已取消');
    await noHoldsLeft();
  }, 200_000);
});

// Both start a workflow's steps by hand, as a worker would: one platform without a worker serves them.
describe('with no worker running', () => {
  let idle: TestPlatform;
  beforeAll(async () => {
    idle = await startTestPlatform({}, { worker: false });
  });
  afterAll(() => idle?.close());

  describe('a workflow whose worker died before it moved on', () => {
    it('is moved on by the sweep: the step it should have started is started', async () => {
      const { token: owner } = await newUser(idle, 'stalled@example.com');
      const res = await submitFiles(idle, owner, '/api/groups', [protein], { protein_source: 'file', mole_type: 'molecule', molecules: MOLECULES, ...steps({ module: 'graph_dta' }) });
      const id = res.body.data.task_id;
      const { database, queue, config, storage } = idle.platform.deps;
      // A worker claimed the workflow and died before it started the first step.
      expect(await claimTask(database.db, id, 'gone')).toMatchObject({ state: 'running' });
      expect(await workflowChildren(database.db, id)).toEqual([]);
      const advance = (groupId: number) => advanceTask({ config, database, storage, queue }, groupId);
      expect((await sweepStaleTasks(database, queue, 3600, { advance })).advanced).toEqual([]);
      const swept = await sweepStaleTasks(database, queue, 0, { advance });
      expect(swept).toMatchObject({ requeued: [], failed: [], advanced: [id] });
      const [first] = await workflowChildren(database.db, id);
      expect(first).toMatchObject({ module: 'graph_dta', state: 'queued', parentId: id });
      // A second sweep finds a live step and leaves the workflow alone.
      expect((await sweepStaleTasks(database, queue, 0, { advance })).advanced).toEqual([]);
      expect(await workflowChildren(database.db, id)).toHaveLength(1);
    });
  });

  describe('the ledger while a workflow runs', () => {
    it('verifies exactly at every step of the way: a step queued, running, charged, and a step cancelled on its own', async () => {
      const { token: owner, userId: ownerId } = await newUser(idle, 'ledger-steps@example.com');
      const { database, queue, config, storage } = idle.platform.deps;
      const db = database.db;
      const advance = (groupId: number) => advanceTask({ config, database, storage, queue }, groupId);
      const verified = async (moment: string) => expect({ moment, problems: await verifyLedger(db) }).toEqual({ moment, problems: [] });
      /** A workflow of one 2D affinity step, claimed by a worker that started its step (as the sweep does for one that died). */
      const startedWorkflow = async () => {
        const res = await submitFiles(idle, owner, '/api/groups', [protein], { protein_source: 'file', mole_type: 'molecule', molecules: MOLECULES, ...steps({ module: 'graph_dta' }) });
        const id = res.body.data.task_id;
        await verified('workflow queued');
        await claimTask(db, id, 'gone');
        await verified('workflow running, no step yet');
        expect((await sweepStaleTasks(database, queue, 0, { advance })).advanced).toEqual([id]);
        const [step] = await workflowChildren(db, id);
        expect(step).toMatchObject({ state: 'queued', parentId: id });
        return { id, step: step! };
      };

      const first = await startedWorkflow();
      await verified('step queued');
      const running = (await claimTask(db, first.step.id, 'step-worker'))!;
      await verified('step running');
      // The step spends part of its hold (an hour of one core at 1 fen) and gives the rest back to the workflow.
      expect(running.holdFen).toBeGreaterThan(1);
      const ended = await finishTask(db, attemptOf(running), { state: 'succeeded', cpuSeconds: 3600, priceFenPerCoreHour: 1 });
      expect(ended).toMatchObject({ state: 'succeeded', feeFen: 1 });
      expect((await getTask(db, first.id))!.state).toBe('running');
      await verified('step charged, workflow not moved on');
      await advance(first.id);
      expect(await getTask(db, first.id)).toMatchObject({ state: 'succeeded' });
      expect((await availability(db, ownerId)).heldFen).toBe(0);
      await verified('workflow ended');

      // The user cancels a waiting step by itself: its hold goes back to its workflow, not to the balance.
      const second = await startedWorkflow();
      const heldBefore = (await availability(db, ownerId)).heldFen;
      expect((await idle.api('/api/tasks/cancel', { token: owner, method: 'POST', json: { task_id: second.step.id } })).body.errmsg).toBe('任务已取消');
      expect((await availability(db, ownerId)).heldFen).toBe(heldBefore);
      await verified('step cancelled while queued');
    });
  });
});
