import type { NewTaskFile, TaskRecord } from '@yunyao/db';
import { csvCell } from '../../shared/molecule-source.ts';
import type { StepColumn } from '../../shared/workflow-step.ts';
import type { StepModule } from '../group-cost.ts';
import type { GroupParams } from '../group-form.ts';
import type { Storage } from '@yunyao/platform';
import type { ChainState } from './chain-state.ts';

/** A Kd in nM to 4 significant digits: the models are far less precise, and M × 1e9 leaves float noise. */
const SIGNIFICANT = 4;

/** A step's further column in the summary rows: `s2_kd`, `s2_domain`, `s3_sem`. */
const columnKey = (stepKey: string, column: StepColumn) => `${stepKey}_${column.kind}`;

function at(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);
}

/** The column's value for a molecule the step scored (its best row), or null. */
function columnValue(column: StepColumn, row: Record<string, unknown> | undefined, childResult: unknown): number | boolean | null {
  if (!row) return null;
  const raw = 'resultPath' in column ? at(childResult, column.resultPath) : row[column.column];
  if (column.kind === 'domain') return typeof raw === 'boolean' ? raw : null;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return null;
  return column.kind === 'kd' ? Number((raw * column.toNm).toPrecision(SIGNIFICANT)) : raw;
}

/** summary.csv's title of a step's further column (Chinese, as the score's). */
function columnTitle(index: number, mod: StepModule, column: StepColumn): string {
  const { label, unit } = mod.workflowStep.score;
  if (column.kind === 'kd') return `${index}. Kd (nM)`;
  if (column.kind === 'domain') return `${index}. 适用域内`;
  return `${index}. ${label.zh} 标准误${unit ? ` (${unit})` : ''}`;
}

/** The engines a step's child recorded (run-task.ts), with the version null where the probe found none. */
function childEngines(child: TaskRecord): { id: string; name: string; version: string | null }[] {
  const engines = (child.result as { engines?: unknown } | null)?.engines;
  if (!Array.isArray(engines)) return [];
  return engines.flatMap((e: Record<string, unknown>) =>
    typeof e.id === 'string' && typeof e.name === 'string' ? [{ id: e.id, name: e.name, version: typeof e.version === 'string' ? e.version : null }] : [],
  );
}

/**
 * The workflow's result: per step what it received, kept and scored by (with its child task for
 * files, and the child's module version and engines), and one row per molecule that came through
 * the last step, with every step's score side by side (`s1`, `s2` …) and the further values each
 * step declares (`s2_kd`, `s2_domain` …: what the module's own view shows beside its score), best
 * first by the last step; also as summary.csv.
 */
export async function workflowSummary(storage: Storage, group: TaskRecord, mods: readonly StepModule[], children: readonly TaskRecord[], state: ChainState) {
  const keys = mods.map((_, i) => `s${i + 1}`);
  const columns = mods.map((mod) => mod.workflowStep.columns ?? []);
  const final = state.molecules ?? [];
  // The spec's task output row (ID, SMILES), then each step's score: @yunyao/contract's workflowRowSchema.
  const rows = final.map((m) => ({
    ID: m.name,
    SMILES: m.smiles,
    ...Object.fromEntries(
      keys.flatMap((key, i) => [
        [key, state.scores.get(m.name)?.[i] ?? null],
        ...columns[i]!.map((c) => [columnKey(key, c), columnValue(c, state.bestRows.get(m.name)?.[i], children[i]!.result)]),
      ]),
    ),
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
    columns: columns[i]!.map((c) => ({ key: columnKey(keys[i]!, c), kind: c.kind })),
    module_version: children[i]!.moduleVersion,
    engines: childEngines(children[i]!),
  }));
  const header = [
    'ID',
    'SMILES',
    ...mods.flatMap((mod, i) => [
      `${i + 1}. ${mod.workflowStep.score.label.zh}${mod.workflowStep.score.unit ? ` (${mod.workflowStep.score.unit})` : ''}`,
      ...columns[i]!.map((c) => columnTitle(i + 1, mod, c)),
    ]),
  ];
  const cellKeys = keys.flatMap((key, i) => [key, ...columns[i]!.map((c) => columnKey(key, c))]);
  const csv = [header, ...rows.map((r) => [r.ID, r.SMILES, ...cellKeys.map((k) => (r as Record<string, unknown>)[k])])]
    .map((line) => line.map((v) => csvCell(v === null || v === undefined ? '' : String(v))).join(','))
    .join('\n');
  const storageKey = `tasks/${group.id}/output/${group.attempts}/summary.csv`;
  // A byte-order mark, so Excel reads the molecule names as UTF-8 (as the steps' own tables do).
  const size = await storage.put(storageKey, Buffer.from(`\ufeff${csv}\n`));
  const outputs: NewTaskFile[] = [{ role: 'output', name: 'summary.csv', storageKey, size }];
  return { result: { module: group.module, module_version: group.moduleVersion, steps, final: rows.length }, rows, out: 'summary.csv', outputs };
}
