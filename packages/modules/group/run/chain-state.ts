import { getTaskFiles, getTaskRows, type Database, type TaskRecord } from '@yunyao/db';
import { pocketBox, type DockingSite } from '../../shared/pocket-sites.ts';
import type { WorkflowStepSpec } from '../../shared/workflow-step.ts';
import type { PlannedStep } from '../group-plan.ts';
import type { Storage } from '@yunyao/platform';
import { rankStep } from './rank-step.ts';
import { sdfCoordinates, sdfRecords, sdfTag, withTitle, type SdfRecord } from './sdf-records.ts';

/** A molecule still in the running: the name the workflow knows it by, and its SMILES where a step reported one. */
export interface ChainMolecule {
  name: string;
  smiles: string;
}

/** What the finished steps hand on, replayed from their stored rows and files (so a resumed workflow rebuilds it exactly). */
export interface ChainState {
  /** The molecules the last finished step kept, best first; null before any step (the workflow's own molecule file). */
  molecules: ChainMolecule[] | null;
  /** Each kept molecule's best pose, titled with its name. */
  poses: Map<string, SdfRecord>;
  pocket?: DockingSite;
  reference?: SdfRecord;
  /** Every step's score per molecule name (index = step). */
  scores: Map<string, (number | null)[]>;
  /** Per molecule name, each step's best row (index = step), read for the step's summary columns. */
  bestRows: Map<string, Record<string, unknown>[]>;
}

const MAX_ROWS = 1_000_000;

/** The box around the kept poses, with docking's margin: where the steps after docking score. */
function boxAround(poses: readonly SdfRecord[]): DockingSite | undefined {
  const xyz = poses.flatMap(sdfCoordinates);
  if (!xyz.length) return undefined;
  const lo = [0, 1, 2].map((k) => Math.min(...xyz.map((p) => p[k]!)));
  const hi = [0, 1, 2].map((k) => Math.max(...xyz.map((p) => p[k]!)));
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return pocketBox({
    name: 'docked',
    center: [0, 1, 2].map((k) => round((lo[k]! + hi[k]!) / 2)) as DockingSite['center'],
    size: [0, 1, 2].map((k) => round(hi[k]! - lo[k]!)) as DockingSite['size'],
  });
}

/** Each named molecule's best pose in a step's poses.sdf: the record of its best row, first rank. */
async function bestPoses(database: Database, storage: Storage, child: TaskRecord, bestRows: Map<string, Record<string, unknown>>): Promise<Map<string, SdfRecord>> {
  const file = (await getTaskFiles(database.db, child.id)).find((f) => f.role === 'output' && f.name === 'poses.sdf');
  const poses = new Map<string, SdfRecord>();
  if (!file) return poses;
  const records = sdfRecords((await storage.get(file.storageKey)).toString('utf8'));
  for (const [name, row] of bestRows) {
    const id = String(row.ID ?? name);
    const record = records.find((r) => sdfTag(r, 'ID') === id && (sdfTag(r, 'rank') ?? '1') === '1');
    if (record) poses.set(name, withTitle(record, name));
  }
  return poses;
}

/** Folds one finished step into the chain: rank its molecules (rankStep), keep its best `filter`, take its poses. */
async function foldStep(
  database: Database,
  storage: Storage,
  state: ChainState,
  index: number,
  step: PlannedStep,
  spec: WorkflowStepSpec,
  child: TaskRecord,
): Promise<ChainState> {
  const { rows } = await getTaskRows(database.db, child.id, 0, MAX_ROWS);
  const allowed = state.molecules ? new Set(state.molecules.map((m) => m.name)) : null;
  const known = new Map((state.molecules ?? []).map((m) => [m.name, m.smiles]));
  const ranked = rankStep(rows, spec, allowed);
  const bestRows = new Map(ranked.map((m) => [m.name, m.row]));
  for (const { name, row, score } of ranked) {
    const smiles = String(row.SMILES ?? '');
    if (smiles && !known.get(name)) known.set(name, smiles);
    const scores = state.scores.get(name) ?? [];
    scores[index] = score;
    state.scores.set(name, scores);
    const best = state.bestRows.get(name) ?? [];
    best[index] = row;
    state.bestRows.set(name, best);
  }
  const filter = Number(step.fields.filter ?? ranked.length);
  const kept = ranked.slice(0, filter).map((m) => m.name);
  const molecules = kept.map((name) => ({ name, smiles: known.get(name) ?? '' }));
  if (!spec.gives.includes('poses')) return { ...state, molecules, poses: new Map(kept.flatMap((n) => (state.poses.has(n) ? [[n, state.poses.get(n)!]] : []))) };
  const found = await bestPoses(database, storage, child, new Map(kept.map((n) => [n, bestRows.get(n)!])));
  const poses = new Map(kept.flatMap((n) => (found.has(n) ? [[n, found.get(n)!]] : [])));
  const first = kept.find((n) => poses.has(n));
  return {
    ...state,
    molecules,
    poses,
    ...(spec.gives.includes('pocket') ? { pocket: boxAround([...poses.values()]) } : {}),
    ...(spec.gives.includes('reference') && first ? { reference: poses.get(first) } : {}),
  };
}

/** The chain after the finished steps `children` (in step order) of `plan`. */
export async function replayChain(
  database: Database,
  storage: Storage,
  plan: readonly PlannedStep[],
  specs: readonly WorkflowStepSpec[],
  children: readonly TaskRecord[],
  pocket: DockingSite | undefined,
): Promise<ChainState> {
  let state: ChainState = { molecules: null, poses: new Map(), scores: new Map(), bestRows: new Map(), ...(pocket ? { pocket } : {}) };
  for (const [i, child] of children.entries()) state = await foldStep(database, storage, state, i, plan[i]!, specs[i]!, child);
  return state;
}
