import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { bill, selectRows } from '@yunyao/db';
import { getModule, typedMoleculesCsv } from '@yunyao/modules';
import { parseSacct, SACCT_FIELDS, SlurmCli, type SacctJob } from '@yunyao/slurm';
import { startTestCluster, type TestCluster } from '@yunyao/slurm/test-cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, sdRecords, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

// 20 residues of p38 around a ligand: its receptor is prepared in seconds.
const P38_POCKET = 'test-fixtures/mmgbsa/p38_pocket.pdb';
const POCKET = JSON.stringify({ name: 'p38', center: [0, 0, 0], size: [20, 20, 20] });
const BZR = '/usr/share/RDKit/Projects/DbCLI/testData/bzr.sdf';
const LIGANDS = ['c1ccc2[nH]ccc2c1 indole', 'CC(=O)Nc1ccc(O)cc1 paracetamol', 'c1ccncc1 pyridine', 'OC(=O)c1ccccc1 benzoic'];

let cluster: TestCluster;
let t: TestPlatform;
let token: string;
let slurm: SlurmCli;

/** Every Slurm job (or array element) a task's attempts ran, as sacct recorded it, found by its name. */
async function jobsOf(taskId: number): Promise<SacctJob[]> {
  // By id, as the executor asks: without -j sacct lists by time window, which misses a job that ended this
  // very second or was cancelled before it started. The test cluster numbers its jobs from 1.
  const ids = Array.from({ length: 300 }, (_, i) => i + 1).join(',');
  // A job's name reaches slurmdbd a moment after its end may (it reads "allocation" until then).
  const text = await until('complete accounting records', async () => {
    const listed = await slurm.call('sacct', ['-a', '-j', ids, '-P', '-n', '-o', `${SACCT_FIELDS},JobName`]);
    return listed.split('\n').some((line) => line.split('|')[6] === 'allocation') ? undefined : listed;
  });
  // The executor names each job after the task's scratch dir (yy-task-<id>-<attempt>-<step>); step lines
  // (named batch, ...) are kept with the jobs they belong to.
  const ours = new Set(text.split('\n').filter((line) => line.split('|')[6]?.startsWith(`yy-task-${taskId}-`)).map((line) => line.split('|')[0]));
  return parseSacct(text.split('\n').filter((line) => ours.has(line.split('|')[0]!.split('.')[0])).join('\n'));
}

async function task(id: number) {
  const [row] = await selectRows<{ cpu_seconds: number; state: string; failure_kind: string | null }>(t.platform.deps.database.db, sql`select cpu_seconds, state, failure_kind from tasks where id = ${id}`);
  const charges = await selectRows<{ amount_fen: string }>(t.platform.deps.database.db, sql`select amount_fen from ledger_entries where kind = 'task_charge' and ref = ${`task:${id}`}`);
  return { ...row!, charges: charges.map((c) => -Number(c.amount_fen)) };
}

/** The task's CPU is sacct's TotalCPU of every job it ran, each counted once, and the ledger charges it once at the module's price. */
/**
 * The task's CPU is sacct's TotalCPU summed over its jobs, charged once. `cancelled`: a cancelled job's
 * steps may reach accounting after the worker settled the task, so it may bill less than sacct ends up
 * with, never more (docs/operations.md, what is weak).
 */
async function expectBilledFromSacct(id: number, priceFenPerCoreHour: number, { cancelled = false } = {}) {
  const jobs = await until('the jobs accounted', async () => {
    const listed = await jobsOf(id);
    return listed.every((j) => j.stepsEnded) ? listed : undefined;
  });
  const row = await task(id);
  const accounted = jobs.reduce((s, j) => s + j.cpuSeconds, 0);
  if (cancelled) {
    expect(row.cpu_seconds).toBeGreaterThan(0);
    expect(row.cpu_seconds).toBeLessThanOrEqual(accounted + 1e-3);
  } else {
    expect(row.cpu_seconds).toBeCloseTo(accounted, 3);
  }
  // A charge of 0 fen (a few milliseconds of CPU at a low price) leaves no ledger entry.
  expect(row.charges).toEqual([bill(row.cpu_seconds, priceFenPerCoreHour).feeFen].filter(Boolean));
  return jobs;
}

const dock = (molecules: string[], extra: Record<string, string> = {}) =>
  submitFiles(t, token, '/api/autodock/v2', [
    { field: 'protein', name: 'p38.pdb', data: readFileSync(P38_POCKET) },
    { field: 'smiles', name: 'ligands.csv', data: typedMoleculesCsv(molecules.join('\n')) },
  ], { protein_source: 'file', mole_type: 'file', 'pockets[]': POCKET, accuracy: '1', posture: '1', seed: '7', ...extra });

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await check();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  cluster = await startTestCluster();
  slurm = new SlurmCli(cluster.env);
  t = await startTestPlatform({ EXECUTOR: 'slurm', SLURM_CONF: cluster.env.SLURM_CONF, SLURM_PARTITION: cluster.partition, SLURM_POLL_MS: '250', STEP_CHUNKS: '2' });
  token = (await newUser(t, 'slurm@example.com')).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await cluster?.stop();
});

describe('the Slurm executor on a two-node test cluster', () => {
  it('runs a conversion as a Slurm job and bills its sacct TotalCPU', async () => {
    const sub = await submitFiles(t, token, '/api/convert', [{ field: 'input', name: 'a.sdf', data: sdRecords(BZR, 3) }], { out: 'a.smi' });
    const done = await waitForTask(t, token, sub.body.data.task_id);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    expect((await t.api<unknown[]>(`/api/tasks/output/${done.id}`, { token })).body.data).toHaveLength(3);
    const jobs = await expectBilledFromSacct(done.id, getModule('convert')!.priceFenPerCoreHour);
    expect(jobs.map((j) => j.state)).toEqual(['COMPLETED']);
  });

  it('cancels a running task: scancel, the job CANCELLED in sacct, the task charged only for the CPU it used', async () => {
    const id = (await dock(LIGANDS)).body.data.task_id;
    // The docking array running (tens of seconds), not the receptor's preparation before it, which can end
    // on its own between the cancel and the worker's next heartbeat.
    await until('the docking array running', async () => ((await jobsOf(id)).some((j) => j.id.includes('_') && j.state === 'RUNNING') ? true : undefined));
    expect((await t.api('/api/tasks/cancel', { method: 'POST', token, json: { task_id: id } })).body).toMatchObject({ errno: 0 });
    expect(await waitForTask(t, token, id)).toMatchObject({ status_text: '已取消' });
    // The worker ends the attempt (and bills it) once sacct has recorded the job's end.
    await until('the attempt settled', async () => ((await task(id)).cpu_seconds > 0 ? true : undefined));
    const jobs = await expectBilledFromSacct(id, getModule('autodock')!.priceFenPerCoreHour, { cancelled: true });
    // The preparation completed, the array's elements cancelled.
    const states = jobs.map((j) => j.state);
    expect(states.at(-1)).toBe('CANCELLED');
    expect(new Set(states)).toEqual(new Set(['COMPLETED', 'CANCELLED']));
  });

  it('docks a screen as a job array across both nodes; the chunk of a node lost mid-array runs again on the other, billed once', async () => {
    const sub = await dock(LIGANDS);
    expect(sub.body.errno, sub.body.errmsg).toBe(0);
    const id = sub.body.data.task_id;
    const running = await until('both chunks running', async () => {
      const elements = (await jobsOf(id)).filter((j) => j.id.includes('_') && j.state === 'RUNNING');
      return elements.length === 2 ? elements : undefined;
    });
    expect(new Set(running.map((j) => j.nodes))).toEqual(new Set(['n1', 'n2']));
    cluster.killNode('n1');
    const done = await waitForTask(t, token, id, 120_000);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    const rows = (await t.api<{ ligand: string; error?: string }[]>(`/api/tasks/output/${id}`, { token })).body.data;
    expect(rows.filter((r) => !r.error).map((r) => r.ligand).sort()).toEqual(['benzoic', 'indole', 'paracetamol', 'pyridine']);
    const jobs = await expectBilledFromSacct(id, getModule('autodock')!.priceFenPerCoreHour);
    const lost = jobs.find((j) => j.state === 'NODE_FAIL');
    expect(lost).toMatchObject({ nodes: 'n1' });
    // The lost element once more, alone, on n2; then the merge, also on n2.
    expect(jobs.filter((j) => j.state === 'COMPLETED' && j.nodes === 'n1').length).toBeLessThanOrEqual(1);
    expect(jobs.filter((j) => j.state !== 'COMPLETED')).toEqual([lost]);
    expect(jobs.at(-1)).toMatchObject({ state: 'COMPLETED', nodes: 'n2' });
  });
});
