import type { ModuleDefinition } from '../types.ts';
import { fieldTotals, type FileMeasure, type InputMeasures } from '../shared/input-measure.ts';
import type { DockingSite } from '../shared/pocket-sites.ts';
import type { PortType } from '../shared/workflow-step.ts';
import { WORKFLOW_REFERENCE_FIELD } from './group-form.ts';
import type { PlannedStep } from './group-plan.ts';

/**
 * Steps after docking score in the box around the docked poses, which exist only once docking ran;
 * no estimate depends on where the box is, so this stands in for it when costing the plan.
 */
const SITE_UNTIL_DOCKED: DockingSite = { name: 'docked', center: [0, 0, 0], size: [20, 20, 20] };

/** A module that can be a workflow step: its declaration is there. */
export type StepModule = ModuleDefinition & { workflowStep: NonNullable<ModuleDefinition['workflowStep']> };

/** The step's module, which must declare a workflow step (the plan was checked against the registry). */
export function stepModule(modules: ReadonlyMap<string, ModuleDefinition>, step: PlannedStep): StepModule {
  const mod = modules.get(step.module);
  if (!mod?.workflowStep) throw new Error(`module ${step.module} cannot be a workflow step`);
  return mod as StepModule;
}

/** The child task's params: the step's form fields through the module's own schema, exactly as a submit of them would be. */
export function stepParams(mod: StepModule, step: PlannedStep, pocket: DockingSite | undefined): unknown {
  return mod.params.parse(mod.workflowStep.formFields(step.fields, pocket ? { pocket } : {}));
}

/** How many molecules reach each step: the workflow's, narrowed by every filter before it. */
export function moleculesReaching(plan: readonly PlannedStep[], molecules: number): number[] {
  let n = molecules;
  return plan.map((step) => {
    const reaching = n;
    n = Math.min(n, Number(step.fields.filter ?? n));
    return reaching;
  });
}

/**
 * What each step's input would measure, before the steps before it have run: the protein as
 * submitted, and `n` molecules of the workflow's average size for the molecules, poses or reference.
 */
function stepMeasures(mod: StepModule, protein: readonly FileMeasure[], n: number, atomsPerMolecule: number): InputMeasures {
  const measures: Record<string, FileMeasure[]> = {};
  for (const [port, field] of Object.entries(mod.workflowStep.files) as [PortType, string][]) {
    if (port === 'protein') measures[field] = [...protein];
    else {
      const records = port === 'reference' ? 1 : n;
      measures[field] = [{ name: `${port}`, bytes: 0, records, atoms: Math.round(records * atomsPerMolecule) }];
    }
  }
  return measures;
}

/**
 * A workflow's expected cost in fen-weighted core-hours: each step's module estimate for the molecules
 * that reach it, at its own price, expressed at the workflow's price so the platform's one cost rule
 * (moduleCost) turns it into the same fen. Blind docking counts the detector's pockets.
 */
export function workflowCoreHours(
  modules: ReadonlyMap<string, ModuleDefinition>,
  plan: readonly PlannedStep[],
  pocket: DockingSite | undefined,
  inputs: InputMeasures,
  priceFenPerCoreHour: number,
): number {
  const protein = inputs.protein ?? [];
  const molecules = fieldTotals(inputs, 'smiles');
  const atomsPerMolecule = molecules.records ? molecules.atoms / molecules.records : fieldTotals(inputs, WORKFLOW_REFERENCE_FIELD.field).atoms || 25;
  const reaching = moleculesReaching(plan, molecules.records);
  return plan.reduce((sum, step, i) => {
    const mod = stepModule(modules, step);
    const hours = mod.estimateCoreHours(stepParams(mod, step, pocket ?? SITE_UNTIL_DOCKED), stepMeasures(mod, protein, reaching[i]!, atomsPerMolecule));
    return sum + (hours * mod.priceFenPerCoreHour) / priceFenPerCoreHour;
  }, 0);
}
