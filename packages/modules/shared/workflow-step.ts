import { z } from 'zod';
import { messageRef } from '@yunyao/contract';
import { SHARED_MESSAGES } from './shared.messages.ts';
import type { Bilingual } from '../bilingual.ts';
import type { DockingSite } from './pocket-sites.ts';

/**
 * What flows between the steps of a workflow (module `group`). Every step reads some ports and
 * adds some; a plan whose step reads a port nothing before it gave is refused at submission,
 * before any work or money moves (see group/group-plan.ts).
 *  - `protein`: the workflow's receptor (.pdb), always given.
 *  - `molecules`: the molecules still in the running (SMILES and a name); always given, narrowed by each step's filter.
 *  - `pocket`: a binding site box; the workflow's chosen pocket, or the box around docked poses.
 *  - `poses`: posed complexes, i.e. each molecule's best pose in the protein's frame (SDF).
 *  - `reference`: a bound ligand to derive a pharmacophore from (the workflow's ligand, or the best pose).
 */
export const PORT_TYPES = ['protein', 'molecules', 'pocket', 'poses', 'reference'] as const;
export type PortType = (typeof PORT_TYPES)[number];

/**
 * How a step ranks molecules for its `filter`: a column of its result rows, and which way is better;
 * the summary shows that column for each molecule.
 */
export interface StepScore {
  column: string;
  better: 'higher' | 'lower';
  /** The summary table's column title. */
  label: Bilingual;
  unit?: string;
  /**
   * `rows`: the step's result rows are already best first, in an order no one column gives (the
   * pharmacophore screen: molecules meeting the query first, then by Vina energy, then by rank
   * score), so the workflow keeps them in that order, each molecule's first row its best, whether or
   * not it has a value in `column` (null in the summary where it has none). Without it the rows are
   * ranked by `column`, and a molecule without a value there is dropped.
   */
  order?: 'rows';
}

/**
 * A further value of a step's result that the workflow's summary shows beside its score, as the
 * module's own view does: a Kd, the prediction's interval, the applicability domain, the score's
 * standard error. Each is read off the molecule's best row.
 *  - `kd`: from the row's `column`, times `toNm` (the summary keeps every Kd in nM).
 *  - `interval`: the 90 % conformal interval of the score, its bounds in the row's `low` and `high`
 *    (the summary keeps both, as numbers, in the score's unit).
 *  - `domain`: the row's true/false verdict in `column`.
 *  - `sem`: the score's standard error, from the row's `column`, in the score's unit.
 */
export type StepColumn =
  | { kind: 'kd'; column: string; toNm: number }
  | { kind: 'interval'; low: string; high: string }
  | { kind: 'domain'; column: string }
  | { kind: 'sem'; column: string };

/** What the workflow hands a step's child task, beyond its files. */
export interface StepContextPorts {
  /** The binding site, when the plan has one at this step. */
  pocket?: DockingSite;
}

/**
 * A module's part in workflows, declared in its own folder (`<code>.workflow.ts`) and attached to
 * its form, so the workflow page, the server's plan check and the worker read one declaration.
 */
export interface WorkflowStepSpec<F extends z.ZodType = z.ZodType> {
  /** Ports the step must have; optional ones it uses when present are in `uses`. */
  needs: readonly PortType[];
  uses?: readonly PortType[];
  gives: readonly PortType[];
  /**
   * The spec's own words where a needed port is missing (section 5, e.g. 亲和力预测3D模块不能放在首位！):
   * `first` when the step is placed first, `after` later on. Without them the generic refusal names the port.
   */
  placement?: { first: Bilingual; after: Bilingual };
  /** The step's fields on the workflow page (spec section 3), with section 9's workflow defaults. */
  fields: F;
  score: StepScore;
  /** What the summary carries beside the score (none: the score alone). */
  columns?: readonly StepColumn[];
  /** The result-row column holding the name the workflow gave the molecule (its key through the chain). */
  nameColumn: string;
  /** The module's file field each port's file goes to. */
  files: Partial<Record<PortType, string>>;
  /** The child task's form fields (everything but files) from the step's fields and the ports. */
  formFields(fields: z.infer<F>, ports: StepContextPorts): Record<string, string>;
}

/** Identity helper so each step declaration gets its fields' type inferred. */
export function defineWorkflowStep<F extends z.ZodType>(spec: WorkflowStepSpec<F>): WorkflowStepSpec<F> {
  return spec;
}

/** A step's `filter`: how many of its best molecules go on. */
export const WORKFLOW_FILTER = { min: 1, max: 2000, default: 50 } as const;

export const WORKFLOW_FILTER_INVALID = messageRef(SHARED_MESSAGES.workflowFilterInvalid, WORKFLOW_FILTER);

/** Every step's `filter` field. */
export const workflowFilterField = z.coerce
  .number({ error: WORKFLOW_FILTER_INVALID })
  .int({ error: WORKFLOW_FILTER_INVALID })
  .min(WORKFLOW_FILTER.min, { error: WORKFLOW_FILTER_INVALID })
  .max(WORKFLOW_FILTER.max, { error: WORKFLOW_FILTER_INVALID })
  .default(WORKFLOW_FILTER.default);
