import type { NewTaskFile, TaskRecord } from '@yunyao/db';
import { csvCell } from '../../shared/molecule-source.ts';
import type { StepColumn } from '../../shared/workflow-step.ts';
import type { StepModule } from '../group-cost.ts';
import type { GroupParams } from '../group-form.ts';
import type { Storage } from '@yunyao/platform';
import type { ChainState } from './chain-state.ts';

/** A Kd in nM to 4 significant digits: the models are far less precise, and M × 1e9 leaves float noise. */
const SIGNIFICANT = 4;

type Row = Record<string, unknown>;

/**
 * How summary.json names a step's further column for the web view: its key (`s2_kd`), and for an
 * interval the row keys of its two bounds (`s2_low`, `s2_high`).
 */
type SummaryColumn = { key: string; kind: 'kd' | 'domain' | 'sem' } | { key: string; kind: 'interval'; low: string; high: string };

/** One value of a step's further column in the summary rows: its key, its summary.csv title (Chinese, as the score's) and how the step's best row gives it. */
interface Cell {
  key: string;
  title: string;
  value(row: Row): number | boolean | null;
}

const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A step's further column: its entry in summary.json and its cells in the rows (an interval has two, one per bound, so both stay numbers). */
function stepColumn(index: number, stepKey: string, mod: StepModule, column: StepColumn): { entry: SummaryColumn; cells: Cell[] } {
  const key = `${stepKey}_${column.kind}`;
  const { label, unit } = mod.workflowStep.score;
  const inUnit = unit ? ` (${unit})` : '';
  if (column.kind === 'interval') {
    const [low, high] = [`${stepKey}_low`, `${stepKey}_high`];
    const cells = [
      { key: low, title: `${index}. 90% 区间下限${inUnit}`, value: (row: Row) => finite(row[column.low]) },
      { key: high, title: `${index}. 90% 区间上限${inUnit}`, value: (row: Row) => finite(row[column.high]) },
    ];
    return { entry: { key, kind: 'interval', low, high }, cells };
  }
  const one = (title: string, value: Cell['value']) => ({ entry: { key, kind: column.kind }, cells: [{ key, title, value }] });
  const raw = (row: Row) => row[column.column];
  if (column.kind === 'kd') {
    const toNm = column.toNm;
    return one(`${index}. Kd (nM)`, (row) => {
      const kd = finite(raw(row));
      return kd === null ? null : Number((kd * toNm).toPrecision(SIGNIFICANT));
    });
  }
  if (column.kind === 'domain') {
    return one(`${index}. 适用域内`, (row) => {
      const inDomain = raw(row);
      return typeof inDomain === 'boolean' ? inDomain : null;
    });
  }
  return one(`${index}. ${label.zh} 标准误${inUnit}`, (row) => finite(raw(row)));
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
 * step declares (`s2_low`/`s2_high`, `s2_kd`, `s2_domain` …: what the module's own view shows
 * beside its score), best first by the last step; also as summary.csv.
 */
export async function workflowSummary(storage: Storage, group: TaskRecord, mods: readonly StepModule[], children: readonly TaskRecord[], state: ChainState) {
  const keys = mods.map((_, i) => `s${i + 1}`);
  const columns = mods.map((mod, i) => (mod.workflowStep.columns ?? []).map((c) => stepColumn(i + 1, keys[i]!, mod, c)));
  const cells = columns.map((step) => step.flatMap((c) => c.cells));
  const final = state.molecules ?? [];
  // The spec's task output row (ID, SMILES), then each step's score: @yunyao/contract's workflowRowSchema.
  const rows = final.map((m) => ({
    ID: m.name,
    SMILES: m.smiles,
    ...Object.fromEntries(
      keys.flatMap((key, i) => [
        [key, state.scores.get(m.name)?.[i] ?? null],
        ...cells[i]!.map((c) => {
          const best = state.bestRows.get(m.name)?.[i];
          return [c.key, best ? c.value(best) : null];
        }),
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
    columns: columns[i]!.map((c) => c.entry),
    module_version: children[i]!.moduleVersion,
    engines: childEngines(children[i]!),
  }));
  const header = [
    'ID',
    'SMILES',
    ...mods.flatMap((mod, i) => [
      `${i + 1}. ${mod.workflowStep.score.label.zh}${mod.workflowStep.score.unit ? ` (${mod.workflowStep.score.unit})` : ''}`,
      ...cells[i]!.map((c) => c.title),
    ]),
  ];
  const cellKeys = keys.flatMap((key, i) => [key, ...cells[i]!.map((c) => c.key)]);
  const csv = [header, ...rows.map((r) => [r.ID, r.SMILES, ...cellKeys.map((k) => (r as Record<string, unknown>)[k])])]
    .map((line) => line.map((v) => csvCell(v === null || v === undefined ? '' : String(v))).join(','))
    .join('\n');
  const storageKey = `tasks/${group.id}/output/${group.attempts}/summary.csv`;
  // A byte-order mark, so Excel reads the molecule names as UTF-8 (as the steps' own tables do).
  const size = await storage.put(storageKey, Buffer.from(`\ufeff${csv}\n`));
  const outputs: NewTaskFile[] = [{ role: 'output', name: 'summary.csv', storageKey, size }];
  return { result: { module: group.module, module_version: group.moduleVersion, steps, final: rows.length }, rows, out: 'summary.csv', outputs };
}
