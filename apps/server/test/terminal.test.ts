import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceFen, verifyLedger } from '@yunyao/db';
import { SlurmCli } from '@yunyao/slurm';
import { startTestCluster, type TestCluster } from '@yunyao/slurm/test-cluster';
import { runOpsCommand } from '../src/ops/commands.ts';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

/**
 * Terminal-direct billing against a real Slurm (slurmctld, two slurmd, slurmdbd on MariaDB) started
 * here: staff activation opens the Slurm account, a job the user submits on the cluster shows while it
 * runs and is charged once after it ends, however often the accounting is read, and an account whose
 * balance is spent is stopped from submitting until a recharge. On PGlite only (project api-servers
 * in vitest.config.ts): the ledger's once-only rule is tested on both databases in billing.test.ts.
 */
describe('supercomputer jobs read from Slurm accounting', () => {
  let cluster: TestCluster;
  let t: TestPlatform;
  const ops = (...args: string[]) => runOpsCommand(t.platform.deps.database, t.config, args);
  const slurm = (command: 'sbatch' | 'sacct' | 'sacctmgr' | 'scancel', ...args: string[]) => new SlurmCli(cluster.env).call(command, args, { cwd: cluster.dir });
  const jobState = async (id: string) => (await slurm('sacct', '-X', '-n', '-P', '-j', id, '--format=State')).trim().split(' ')[0];
  const until = async (what: () => Promise<boolean>, timeoutMs = 30_000) => {
    for (const deadline = Date.now() + timeoutMs; !(await what()); ) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  beforeAll(async () => {
    cluster = await startTestCluster();
    t = await startTestPlatform({ HPC_CLUSTERS: JSON.stringify([{ node: 'beijing', slurmConf: cluster.env.SLURM_CONF }]), HPC_PRICES: JSON.stringify([{ company: '测试超算', ssh_could: 3.6, ssh_normal: 36 }]) }, { worker: false });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  it('opens the account on activation, charges an ended job once and stops a spent account', async () => {
    // 0.01 yuan: at 36 yuan per core-hour a one-core job costs a fen a second, so any job spends it.
    const alice = await newUser(t, 'hpc-alice@example.com', 0.01);
    const balance = () => balanceFen(t.platform.deps.database.db, alice.userId);
    await t.api('/api/chaosuan/apply', { method: 'POST', token: alice.token, json: { node: 'beijing' } });
    const id = (await ops('hpc:list')).lines.find((l) => l.includes('hpc-alice@example.com'))!.split('\t')[0]!;
    expect((await ops('hpc:activate', id, 'Bad Name')).code).toBe(2);
    expect((await ops('hpc:activate', id, 'yy_alice')).code).toBe(0);
    expect(await slurm('sacctmgr', '-n', '-P', 'show', 'association', 'where', 'account=yy_alice', 'format=Account,User')).toContain('yy_alice|yy_alice');

    // The login yy_alice has no Unix user here: root, added to the account, submits in its name.
    await slurm('sacctmgr', '-i', 'add', 'user', 'root', 'account=yy_alice');
    const jobId = (await slurm('sbatch', '--parsable', '-A', 'yy_alice', '-p', cluster.partition, '-c', '1', '-J', 'md-relax', '--wrap', 'sleep 120')).trim();
    await until(async () => (await jobState(jobId)) === 'RUNNING');
    // Read while it runs: shown with its time so far, nothing charged.
    expect((await ops('hpc:sync')).lines[1]).toMatch(/^beijing\t1\t0\t1\t0\t-\t-$/);
    const shown = await t.api<{ data: { jobid: string; jobname: string; job_type: string; end: string | null; task_fee: number; state_text: string }[] }>('/api/ssh/tasks', { token: alice.token });
    expect(shown.body.data.data).toEqual([expect.objectContaining({ jobid: jobId, jobname: 'md-relax', job_type: cluster.partition, end: null, task_fee: 0, state_text: '运行中' })]);
    expect(await balance()).toBe(1);

    // Ended (the user's cancel is paid, as on the cloud): charged at the next read, once however often it is read.
    // Cancelled within its first second, a job has used no whole core-second and is rightly charged nothing; a fast
    // machine got there (the sync above then read a CANCELLED job as recorded, not charged), so let it run 2 s first.
    await until(async () => Number((await slurm('sacct', '-X', '-n', '-P', '-j', jobId, '--format=ElapsedRaw')).trim()) >= 2);
    await slurm('scancel', jobId);
    await until(async () => (await jobState(jobId)) === 'CANCELLED');
    expect((await ops('hpc:sync')).lines[1]).toMatch(/^beijing\t1\t1\t0\t0\tyy_alice\t-$/);
    expect((await ops('hpc:sync')).lines[1]).toMatch(/^beijing\t1\t0\t0\t1\t-\t-$/);
    const [row] = (await t.api<{ data: { machine_time: number; unit_price: number; task_fee: number; state_text: string; end: string | null }[] }>('/api/ssh/tasks', { token: alice.token })).body.data.data;
    expect(row).toMatchObject({ unit_price: 36, state_text: '已取消' });
    expect(row!.end).not.toBeNull();
    // Whole core-seconds (sacct's CPUTimeRAW) at a fen each.
    expect(Math.round(row!.task_fee * 100)).toBe(Math.round(row!.machine_time * 3600));
    expect(await balance()).toBe(1 - Math.round(row!.task_fee * 100));
    expect(await verifyLedger(t.platform.deps.database.db)).toEqual([]);

    // Spent: Slurm refuses a new job on the account until a recharge makes the balance positive.
    await expect(slurm('sbatch', '--parsable', '-A', 'yy_alice', '-p', cluster.partition, '--wrap', 'true')).rejects.toThrow(/policy|limit/i);
    expect((await ops('credit', 'hpc-alice@example.com', '1', '--reason', 'recharge')).code).toBe(0);
    expect((await ops('hpc:sync')).lines[1]).toMatch(/\t-\tyy_alice$/);
    expect((await slurm('sbatch', '--parsable', '-A', 'yy_alice', '-p', cluster.partition, '--wrap', 'true')).trim()).toMatch(/^\d+$/);
  }, 120_000);
});
