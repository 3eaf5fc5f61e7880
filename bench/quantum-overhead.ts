/**
 * Quantum chemistry through the platform against NWChem run directly: a B3LYP/def2-SVP
 * optimisation of paracetamol (20 atoms: 3D from Open Babel's --gen3d, then GFN2-xTB-optimised
 * so the DFT optimisation takes the handful of steps a prepared structure needs) on 1 and 2 cores.
 * "Direct" runs the exact input and command the platform's NWChem renderer writes; "platform"
 * submits POST /api/orca and waits for the task (upload, queue, staging, driver, parsing).
 *
 *   npx tsx bench/quantum-overhead.ts [cores=1,2] [basis=def2-SVP]
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOrcaRequest } from '@yunyao/modules/forms/orca';
import { parseProthodRequest } from '@yunyao/modules/forms/prothod';
import { ADAPTERS, parseXyz, toXyz, type Geometry, type QmJob } from '@yunyao/quantum';
import { runMolecule } from '@yunyao/quantum/node';
import { startBenchPlatform } from './support/bench-platform.ts';

const coreCounts = (process.argv[2] ?? '1,2').split(',').map(Number);
const basis = process.argv[3] ?? 'def2-SVP';
const keyword = `! B3LYP ${basis} Opt`;

const start = execFileSync('obabel', ['-:CC(=O)Nc1ccc(O)cc1 paracetamol', '--gen3d', '-oxyz'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const xyz = toXyz(await preoptimise(start));
const geometry = parseXyz(xyz, 'paracetamol');
console.log(`${geometry.atoms.length}-atom paracetamol, ${keyword}, NWChem`);

/** GFN2-xTB optimisation through the same runner the platform uses. */
async function preoptimise(text: string): Promise<Geometry> {
  const dir = mkdtempSync(join(tmpdir(), 'yunyao-qm-xtb-'));
  const result = await runMolecule(parseProthodRequest({ keyword: 'opt DFTB' }).job, parseXyz(text, 'paracetamol'), dir, {});
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 'ok') throw new Error(`xtb pre-optimisation failed: ${result.error}`);
  return { name: 'paracetamol', comment: 'GFN2-xTB optimised', atoms: result.geometry };
}

function runDirect(job: QmJob): Promise<{ seconds: number; energy: number | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'yunyao-qm-direct-'));
  const rendered = ADAPTERS.nwchem.render(job, geometry, {});
  for (const [name, content] of Object.entries(rendered.files)) writeFileSync(join(dir, name), content);
  const [cmd, ...args] = rendered.argv as [string, ...string[]];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn(cmd, args, { cwd: dir, env: { ...process.env, OMP_NUM_THREADS: String(job.cores) } });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`nwchem exited ${code}:\n${out.split('\n').slice(-15).join('\n')}`));
      resolve({ seconds, energy: ADAPTERS.nwchem.parse(out).final_energy });
    });
  });
}

const platform = await startBenchPlatform();
async function runPlatform(cores: number): Promise<{ seconds: number; energy: number | null }> {
  const form = new FormData();
  form.append('keyword', keyword);
  form.append('nprocs', String(cores));
  form.append('maxcore', '1000');
  form.append('xyzs[]', new Blob([xyz]), 'paracetamol.xyz');
  const started = performance.now();
  const res = (await (await fetch(`${platform.base}/api/orca`, { method: 'POST', headers: { authorization: `Bearer ${platform.token}` }, body: form })).json()) as { errmsg: string; data: { task_id: number } };
  if (!res.data) throw new Error(res.errmsg);
  const done = await platform.waitForTask(res.data.task_id, 200);
  const seconds = (performance.now() - started) / 1000;
  if (done.status_text !== '已完成') throw new Error(`task failed: ${done.result}`);
  const result = await platform.get<{ molecules: { final_energy: number | null }[] }>(`/api/tasks/json/${res.data.task_id}`);
  return { seconds, energy: result.molecules[0]!.final_energy };
}

console.log('cores | direct s | platform s | overhead | E direct (Eh) | E platform (Eh)');
for (const cores of coreCounts) {
  const job = parseOrcaRequest({ keyword, nprocs: cores, maxcore: 1000 });
  const direct = await runDirect(job);
  const viaPlatform = await runPlatform(cores);
  const overhead = ((viaPlatform.seconds / direct.seconds - 1) * 100).toFixed(1);
  console.log(`${cores} | ${direct.seconds.toFixed(1)} | ${viaPlatform.seconds.toFixed(1)} | ${overhead} % | ${direct.energy?.toFixed(6)} | ${viaPlatform.energy?.toFixed(6)}`);
}
await platform.close();
