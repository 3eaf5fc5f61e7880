/**
 * A docking screen split over the two-node local Slurm test cluster (packages/slurm/src/test-cluster.ts)
 * against the local executor: the first N molecules of the shipped ZINC Clean Leads preset docked
 * into p38's pocket (test-fixtures, its best detected site), exhaustiveness 4, one pose, through
 * executeModule, the worker's own path. Both "nodes" share this machine's cores, so the split cannot be
 * faster here: the bench measures what Slurm adds (per job, per screen) and projects larger clusters.
 *
 *   npx tsx bench/slurm-screen.ts [ligands=40] [chunks=2]
 *
 * Prints the wall time and CPU of each arm, the per-job overhead of a trivial step through sbatch +
 * sacct (against the local runner), and the projected wall time on 10 and 100 nodes, with its arithmetic.
 * Needs root and the test cluster's Debian packages (scripts/setup.sh).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalExecutor, SlurmExecutor, type Executor } from '@yunyao/worker';
import { getModule } from '@yunyao/modules';
import { executeModule } from '@yunyao/modules/run';
import { detectPocketsFromFile } from '@yunyao/pockets/node';
import { startTestCluster } from '@yunyao/slurm/test-cluster';
import { runStep } from '@yunyao/steps';
import { loadConfig } from '@yunyao/platform';

const ligands = Number(process.argv[2] ?? 40);
const chunks = Number(process.argv[3] ?? 2);
const P38 = new URL('../test-fixtures/mmgbsa/p38_pocket.pdb', import.meta.url).pathname;
const zinc = readFileSync(new URL('../python/yunyao/sign/presets/zinc.csv', import.meta.url), 'utf8').trim().split('\n');
const molecules = zinc.slice(0, ligands + 1).join('\n') + '\n';
const [site] = detectPocketsFromFile(P38);
const params = {
  protein_source: 'file',
  mole_type: 'file',
  pockets: [JSON.stringify({ name: site!.name, center: site!.box.center, size: site!.box.size })],
  accuracy: 4,
  posture: 1,
  seed: 7,
};
const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'yunyao-bench-slurm-')) });
const docking = getModule('autodock')!;

async function screen(executor: Executor, screenLigands: string): Promise<{ wall: number; cpu: number; steps: { name: string; wall_seconds: number; cpu_seconds: number }[] }> {
  const workdir = mkdtempSync(join(config.dataDir, 'screen-'));
  const started = Date.now();
  const run = await executeModule(docking, params, {
    workdir,
    inputs: [
      { field: 'protein', name: 'p38.pdb', content: async () => readFileSync(P38) },
      { field: 'smiles', name: 'ligands.csv', content: async () => Buffer.from(screenLigands) },
    ],
    python: config.python,
    pythonPath: config.pythonPath,
    licensed: {},
    checkpointDir: join(workdir, 'checkpoint'),
    receptorCacheDir: config.receptorCacheDir,
    run: (step) => executor.run(step),
    chunks: { count: executor.chunkCount, ...(executor.runChunks ? { run: executor.runChunks.bind(executor) } : {}) },
  });
  if (run.failure) throw new Error(`screen failed: ${run.failure.reason}`);
  return { wall: (Date.now() - started) / 1000, cpu: run.cpuSeconds, steps: run.steps };
}

/** Mean wall seconds of a step that does nothing, through `run`. */
async function overhead(run: (step: Parameters<typeof runStep>[0]) => Promise<unknown>, times = 5): Promise<number> {
  const cwd = mkdtempSync(join(config.dataDir, 'noop-'));
  const started = Date.now();
  for (let i = 0; i < times; i++) await run({ name: `noop${i}`, argv: ['/bin/true'], cwd, cores: 1, timeLimitSeconds: 60 });
  return (Date.now() - started) / 1000 / times;
}

const cluster = await startTestCluster();
try {
  const slurm = new SlurmExecutor({ env: cluster.env, pollMs: 500, chunkCount: chunks, partition: cluster.partition });
  const local = new LocalExecutor(undefined, 1);
  // One ligand first: the receptor is prepared once, into the shared receptor cache both arms then read.
  await screen(local, zinc.slice(0, 2).join('\n') + '\n');
  const localJob = await overhead((s) => runStep(s));
  const slurmJob = await overhead((s) => slurm.run(s));
  const localRun = await screen(local, molecules);
  const slurmRun = await screen(slurm, molecules);
  const dockCpu = slurmRun.steps.filter((s) => /^dock\.\d+$/.test(s.name)).reduce((sum, s) => sum + s.cpu_seconds, 0);
  const merge = slurmRun.steps.find((s) => s.name === 'dock')!;
  const prep = slurmRun.steps.find((s) => s.name === 'prepare')!;
  const perLigand = dockCpu / ligands;
  // A node of c cores docks c ligands at a time (vina --cpu 1 per job); with STEP_CHUNKS = nodes each node
  // takes one chunk. The merge reads every ligand's checkpoint but rebuilds poses and interactions only for
  // the kept ones (the module's `filter`), so it is taken as measured: an assumption this size cannot test.
  const c = 2;
  const project = (nodes: number, n: number) => prep.wall_seconds + slurmJob * 2 + (n * perLigand) / (nodes * c) + merge.wall_seconds;
  const report = {
    machine: `${cpus().length} cores (shared by both test nodes)`,
    ligands,
    chunks,
    local: { wallSeconds: localRun.wall, cpuSeconds: localRun.cpu },
    slurm: { wallSeconds: slurmRun.wall, cpuSeconds: slurmRun.cpu, steps: slurmRun.steps.map((s) => `${s.name}: ${s.wall_seconds}s wall, ${s.cpu_seconds.toFixed(1)}s cpu`) },
    perJobSeconds: { local: localJob, slurm: slurmJob, slurmOverhead: slurmJob - localJob },
    dockCpuPerLigand: perLigand,
    projection: {
      formula: 'prepare + 2 × per-job overhead (the array, then the merge) + ligands × dock CPU per ligand / (nodes × 2 cores) + merge (as measured)',
      ...Object.fromEntries([10, 100].flatMap((nodes) => [10_000, 100_000].map((n) => [`${nodes} nodes, ${n} ligands (s)`, Math.round(project(nodes, n))]))),
    },
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  await cluster.stop();
  rmSync(config.dataDir, { recursive: true, force: true });
}
