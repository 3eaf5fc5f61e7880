import { z } from 'zod';
import type { WorkflowRow } from '@yunyao/contract';

const bilingual = z.object({ zh: z.string(), en: z.string() });

/** An engine as a task's provenance records it; the version is null where the probe found none. */
const engineSchema = z.object({ id: z.string(), name: z.string(), version: z.string().nullable() });
export type RecordedEngine = z.infer<typeof engineSchema>;

/**
 * What a step's summary carries beside its score (see StepColumn in packages/modules/shared/workflow-step.ts):
 * a Kd, domain or standard error under its `key` in the rows; an interval's two bounds under `low` and `high`.
 */
const stepColumnSchema = z.discriminatedUnion('kind', [
  z.object({ key: z.string(), kind: z.enum(['kd', 'domain', 'sem']) }),
  z.object({ key: z.string(), kind: z.literal('interval'), low: z.string(), high: z.string() }),
]);
export type StepColumn = z.infer<typeof stepColumnSchema>;

/** A step of a finished (or failed) workflow as the worker records it in the group's result. */
export const workflowStepResultSchema = z.object({
  index: z.number(),
  module: z.string(),
  name: bilingual,
  task_id: z.number(),
  state: z.string(),
  /** How many molecules the step scored (what reached it, less those it could not score). */
  scored: z.number(),
  kept: z.number(),
  /** `order: 'rows'`: the step kept its own result's order, which its score alone does not give (see StepScore). */
  score: z.object({ column: z.string(), better: z.enum(['higher', 'lower']), label: bilingual, unit: z.string().optional(), order: z.literal('rows').optional() }),
  /** The column of the summary rows holding this step's score (`s1`, `s2` …). */
  key: z.string(),
  /** The step's further columns in the rows (`s2_kd` …); results from before them have none. */
  columns: z.array(stepColumnSchema).default([]),
  /** What the step's child ran, recorded by the worker; absent in results from before it did. */
  module_version: z.string().optional(),
  engines: z.array(engineSchema).optional(),
});
export type WorkflowStepResult = z.infer<typeof workflowStepResultSchema>;

/** GET /api/tasks/json/{id} of a `group` task. */
export const workflowResultSchema = z.object({
  module: z.literal('group'),
  steps: z.array(workflowStepResultSchema),
  final: z.number(),
});
export type WorkflowResult = z.infer<typeof workflowResultSchema>;

/** A summary row (declared in the contract): one molecule that came through the last step, with every step's score (null where a step had none for it). */
export { workflowRowSchema, type WorkflowRow } from '@yunyao/contract';

/** The step's score in a row, or null (a step that gave the molecule no score, or a row from an older result). */
export function stepScore(row: WorkflowRow, key: string): number | null {
  const value: unknown = row[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A step's domain verdict in a row, or null where the step judged none. */
export function stepFlag(row: WorkflowRow, key: string): boolean | null {
  const value: unknown = row[key];
  return typeof value === 'boolean' ? value : null;
}

/**
 * Orders rows best first by a step's score (its own `better`); rows without a score always sort last,
 * whichever way the table is sorted, so a missing value never reads as the best.
 */
export function compareByStep(step: Pick<WorkflowStepResult, 'key' | 'score'>) {
  return (a: WorkflowRow, b: WorkflowRow): number => {
    const [x, y] = [stepScore(a, step.key), stepScore(b, step.key)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return step.score.better === 'higher' ? y - x : x - y;
  };
}

/** What each step's child recorded about how it ran (the worker's provenance in every result). */
export const childProvenanceSchema = z.object({
  module_version: z.string().optional(),
  engines: z.array(engineSchema).catch([]),
});
export type ChildProvenance = z.infer<typeof childProvenanceSchema>;
