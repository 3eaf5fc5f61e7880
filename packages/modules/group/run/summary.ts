import type { NewTaskFile, TaskRecord } from '@yunyao/db';
import { csvCell } from '../../shared/molecule-source.ts';
import type { StepModule } from '../group-cost.ts';
import type { GroupParams } from '../group-form.ts';
import type { Storage } from '@yunyao/platform';
import type { ChainState } from './chain-state.ts';


/**
 * The workflow's result: per step what it received, kept and scored by (with its child task for
 * files and provenance), and one row per molecule that came through the last step, with every
 * step's score side by side (`s1`, `s2` …), best first by the last step; also as summary.csv.
 */
export async function workflowSummary(storage: Storage, group: TaskRecord, mods: readonly StepModule[], children: readonly TaskRecord[], state: ChainState) {
  const keys = mods.map((_, i) => `s${i + 1}`);
  const final = state.molecules ?? [];
  const rows = final.map((m) => ({
    name: m.name,
    SMILES: m.smiles,
    ...Object.fromEntries(keys.map((key, i) => [key, state.scores.get(m.name)?.[i] ?? null])),
  }));
  const received = (i: number) => [...state.scores.values()].filter((s) => s[i] !== undefined).length;
  const steps = mods.map((mod, i) => ({
    index: i + 1,
    key: keys[i]!,
    module: mod.code,
    name: mod.name,
    task_id: children[i]!.id,
    state: children[i]!.state,
    scored: received(i),
    kept: Math.min(received(i), Number((group.params as GroupParams).modules[i]?.fields.filter ?? Infinity)),
    score: mod.workflowStep.score,
  }));
  const header = ['name', 'SMILES', ...mods.map((mod, i) => `${i + 1}. ${mod.workflowStep.score.label.zh}${mod.workflowStep.score.unit ? ` (${mod.workflowStep.score.unit})` : ''}`)];
  const csv = [header, ...rows.map((r) => [r.name, r.SMILES, ...keys.map((k) => (r as Record<string, unknown>)[k])])].map((line) => line.map((v) => csvCell(v === null || v === undefined ? '' : String(v))).join(',')).join('\n');
  const storageKey = `tasks/${group.id}/output/${group.attempts}/summary.csv`;
  // A byte-order mark, so Excel reads the molecule names as UTF-8 (as the steps' own tables do).
  const size = await storage.put(storageKey, Buffer.from(`\ufeff${csv}\n`));
  const outputs: NewTaskFile[] = [{ role: 'output', name: 'summary.csv', storageKey, size }];
  return { result: { module: group.module, module_version: group.moduleVersion, steps, final: rows.length }, rows, out: 'summary.csv', outputs };
}
