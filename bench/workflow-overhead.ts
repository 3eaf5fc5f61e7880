/**
 * What a workflow costs beyond its steps: docking → 3D affinity → 2D affinity on 20 molecules
 * (the first 20 of the shipped ZINC Clean Leads preset) against Aurora A kinase (Debian rdkit-data,
 * its best detected pocket), run as one workflow (POST /api/groups) and by hand through the API,
 * one module after the other, the way a user would chain them: docking's poses.sdf goes to
 * 3D affinity as uploaded (it takes each molecule's rank-1 pose), docking's kept SMILES to 2D affinity.
 * Both arms use the same settings (exhaustiveness 4, 3 poses, docking keeps 10) and Vina seed.
 *
 *   npx tsx bench/workflow-overhead.ts [rounds=1]
 *
 * Prints each arm's wall time, the sum of its steps' own run times (task start to end), and the
 * workflow's overhead: its wall time less the by-hand arm's, and less its own steps' run times.
 */
import { readFileSync } from 'node:fs';
import { detectPocketsFromFile } from '@yunyao/pockets/node';
import { startBenchPlatform, type BenchPlatform } from './support/bench-platform.ts';

const rounds = Number(process.argv[2] ?? 1);
const AURKA_PATH = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';
const AURKA = readFileSync(AURKA_PATH);
const molecules = readFileSync(new URL('../python/yunyao/sign/presets/zinc.csv', import.meta.url), 'utf8').trim().split('\n').slice(0, 21).join('\n') + '\n';
const [site] = detectPocketsFromFile(AURKA_PATH);
const pocket = JSON.stringify({ name: site!.name, center: site!.box.center, size: site!.box.size });
const DOCKING = { accuracy: '4', posture: '3', filter: '10', seed: '7' };

interface TaskRow {
  id: number;
  status_text: string;
  result: string | null;
  tasks: TaskRow[];
}

async function post(p: BenchPlatform, path: string, fields: Record<string, string>, files: { field: string; name: string; data: Buffer | string }[]): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)]), f.name);
  const res = await fetch(`${p.base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${p.token}` }, body: form });
  const body = (await res.json()) as { errno: number | string; errmsg: string; data: { task_id: number } };
  if (Number(body.errno) !== 0) throw new Error(`${path}: ${body.errmsg}`);
  return body.data.task_id;
}

async function finished(p: BenchPlatform, id: number): Promise<void> {
  const row = await p.waitForTask(id, 250);
  if (row.status_text !== '已完成') throw new Error(`task ${id} ${row.status_text}: ${row.result}`);
}

/** A task's own run time (claimed to ended), from the database. */
async function runSeconds(p: BenchPlatform, ids: number[]): Promise<number> {
  const { rows } = await p.sql.executeSql(`select extract(epoch from ended_at - started_at)::float8 as s from tasks where id = any($1)`, [ids]);
  return (rows as { s: number }[]).reduce((sum, r) => sum + Number(r.s), 0);
}

async function byHand(p: BenchPlatform): Promise<{ wall: number; steps: number }> {
  const started = performance.now();
  const protein = { field: 'protein', name: 'aurka.pdb', data: AURKA };
  const docking = await post(p, '/api/autodock', { protein_source: 'file', mole_type: 'file', pockets: pocket, ...DOCKING }, [protein, { field: 'smiles', name: 'zinc20.csv', data: molecules }]);
  await finished(p, docking);
  const { outputs } = await p.get<{ outputs: { name: string; file: string }[] }>(`/api/tasks/files/${docking}`);
  const poses = outputs.find((f) => f.name === 'poses.sdf')!;
  const download = `${p.base}/api/stream/download/?task_id=${docking}&file=${encodeURIComponent(poses.file)}`;
  const posesText = await (await fetch(download, { headers: { authorization: `Bearer ${p.token}` } })).text();
  const rows = await p.get<{ ligand: string; SMILES: string; error?: string }[]>(`/api/tasks/output/${docking}?page=1&limit=100`);
  const kept = [...new Map(rows.filter((r) => !r.error).map((r) => [r.ligand, r.SMILES])).entries()];
  const sign = await post(p, '/api/sign', { protein_source: 'file', ligand_source: 'file', pocket_source: 'predicted', pockets: pocket }, [protein, { field: 'ligand', name: 'poses.sdf', data: posesText }]);
  await finished(p, sign);
  const table = `smiles,name\n${kept.map(([name, smiles]) => `${smiles},${name}`).join('\n')}\n`;
  const dta = await post(p, '/api/graphdta', { protein_source: 'file', mole_type: 'file' }, [protein, { field: 'smiles', name: 'kept.csv', data: table }]);
  await finished(p, dta);
  return { wall: (performance.now() - started) / 1000, steps: await runSeconds(p, [docking, sign, dta]) };
}

async function asWorkflow(p: BenchPlatform): Promise<{ wall: number; steps: number }> {
  const started = performance.now();
  const steps = {
    'modules[0][module]': 'autodock',
    'modules[0][accuracy]': DOCKING.accuracy,
    'modules[0][posture]': DOCKING.posture,
    'modules[0][filter]': DOCKING.filter,
    'modules[1][module]': 'sign',
    'modules[2][module]': 'graph_dta',
  };
  const id = await post(p, '/api/groups', { protein_source: 'file', mole_type: 'file', pockets: pocket, ...steps }, [
    { field: 'protein', name: 'aurka.pdb', data: AURKA },
    { field: 'smiles', name: 'zinc20.csv', data: molecules },
  ]);
  await finished(p, id);
  const wall = (performance.now() - started) / 1000;
  const { rows } = await p.sql.executeSql('select id from tasks where parent_id = $1', [id]);
  const children = (rows as { id: number }[]).map((r) => Number(r.id));
  return { wall, steps: await runSeconds(p, children) };
}

const platform = await startBenchPlatform();
try {
  console.log(`docking → 3D affinity → 2D affinity, 20 molecules, Aurora A (${platform.databaseKind}), exhaustiveness ${DOCKING.accuracy}, ${DOCKING.posture} poses, docking keeps ${DOCKING.filter}`);
  for (let round = 1; round <= rounds; round++) {
    const hand = await byHand(platform);
    const flow = await asWorkflow(platform);
    const overWall = flow.wall - hand.wall;
    console.log(`round ${round}: by hand ${hand.wall.toFixed(1)} s (steps ${hand.steps.toFixed(1)} s); workflow ${flow.wall.toFixed(1)} s (steps ${flow.steps.toFixed(1)} s)`);
    console.log(
      `  workflow − by hand: ${overWall.toFixed(1)} s (${((overWall / hand.wall) * 100).toFixed(1)} %); workflow − its steps: ${(flow.wall - flow.steps).toFixed(1)} s (${(((flow.wall - flow.steps) / flow.steps) * 100).toFixed(1)} % of the steps)`,
    );
  }
} finally {
  await platform.close();
}
