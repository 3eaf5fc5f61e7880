import { z } from 'zod';
import { bilingualRef, bothLanguages } from '@yunyao/contract';
import { defineForm, type FileFieldSpec, type ModuleForm } from '../types.ts';
import { MB } from '../shared/file-names.ts';
import { LIGAND_FILE_MISSING } from '../shared/ligand-source.ts';
import { checkTypedMolecules, MOLECULE_FILE_FIELD, screeningSourceParams } from '../shared/molecule-source.ts';
import { pocketsField } from '../shared/pocket-sites.ts';
import { checkProteinIds, PROTEIN_FILE_FIELD, PROTEIN_SOURCE_INVALID, proteinSourceParams } from '../shared/protein-source.ts';
import type { PortType } from '../shared/workflow-step.ts';
import { groupMeta } from './group.meta.ts';
import { parseStepFields, planProblem, STEPS_MISSING, workflowSteps, type PlannedStep, type SubmittedStep } from './group-plan.ts';

/** The spec's protein sources for workflows (section 7: rcsb, file, cos). */
export const WORKFLOW_PROTEIN_SOURCES = ['file', 'cos', 'rcsb'] as const;

/** A bound ligand for pharmacophore steps that have no docking step before them (optional: upload or data center). */
export const WORKFLOW_REFERENCE_FIELD: FileFieldSpec = {
  field: 'ligand',
  extensions: ['.sdf', '.mol2', '.pdb'],
  min: 0,
  max: 1,
  maxBytes: 10 * MB,
  requiredMessage: bothLanguages(LIGAND_FILE_MISSING),
  dataCenterField: 'ligand_cos',
  contentCheck: 'reference',
};

const STEP_FIELD = /^modules\[(\d+)\]\[([A-Za-z_]+)\]$/;

/**
 * The steps as the spec's form sends them (`modules[i][module]`, `modules[i][filter]` …), or as one
 * JSON array in `modules`; gathered into `modules: [{ module, ...fields }]` in index order.
 */
function gatherSteps(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const fields = value as Record<string, unknown>;
  if (typeof fields.modules === 'string') {
    try {
      return { ...fields, modules: JSON.parse(fields.modules) };
    } catch {
      return { ...fields, modules: undefined };
    }
  }
  const steps: Record<string, unknown>[] = [];
  const rest: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(fields)) {
    const m = STEP_FIELD.exec(key);
    if (m) (steps[Number(m[1])] ??= {})[m[2]!] = v;
    else rest[key] = v;
  }
  return steps.length ? { ...rest, modules: steps.filter(Boolean) } : fields;
}

/** The ports a workflow's own inputs give; the reference ligand is a file, so the server adds it in preflight. */
export function givenPorts(p: { pockets?: readonly unknown[] | undefined }, hasReference: boolean): PortType[] {
  return ['protein', 'molecules', ...(p.pockets?.length ? (['pocket'] as const) : []), ...(hasReference ? (['reference'] as const) : [])];
}

/** The workflow form over the modules that declare a workflow step (the step forms come from the registry, so no list here). */
export function createGroupForm(forms: ReadonlyMap<string, ModuleForm>) {
  const specs = workflowSteps(forms);
  const params = z.preprocess(
    gatherSteps,
    z
      .object({
        ...proteinSourceParams,
        protein_source: z.enum(WORKFLOW_PROTEIN_SOURCES, { error: PROTEIN_SOURCE_INVALID }).default('file'),
        ...screeningSourceParams,
        /** The workflow's binding site (the page's selected pocket); docking goes blind without one. */
        pockets: pocketsField.optional(),
        modules: z.array(z.looseObject({ module: z.string() }), { error: STEPS_MISSING }).min(1, { error: STEPS_MISSING }),
      })
      .superRefine((p, ctx) => {
        checkProteinIds(p, ctx);
        checkTypedMolecules(p, ctx);
      })
      .transform((p, ctx) => {
        const parsed = parseStepFields(p.modules as SubmittedStep[], specs);
        if ('problem' in parsed) {
          ctx.addIssue({ code: 'custom', path: ['modules'], message: parsed.problem });
          return z.NEVER;
        }
        // The reference ligand is a file the params cannot see: assumed here, checked by the server's preflight.
        const problem = planProblem(parsed.plan, givenPorts(p, true), specs);
        if (problem) {
          ctx.addIssue({ code: 'custom', path: ['modules'], message: bilingualRef(problem) });
          return z.NEVER;
        }
        return { ...p, modules: parsed.plan as PlannedStep[] };
      }),
  );
  return defineForm({
    ...groupMeta,
    description: {
      zh: '一站式虚拟筛选：一个蛋白与一组小分子依次经过所选步骤（分子对接、3D/2D 亲和力预测、药效团筛选、结合自由能），每一步按自己的打分保留最好的若干个分子交给下一步；每一步是一个子任务，有自己的状态、文件与费用，最后汇总每个分子在各步骤的得分。',
      en: 'One-stop virtual screening: a protein and a set of molecules pass through the chosen steps in turn (docking, 3D/2D affinity, pharmacophore screening, binding free energy); each step keeps its best molecules by its own score for the next. Each step is a child task with its own status, files and fee; the summary lists every molecule’s score at every step.',
    },
    // The workflow itself runs no engine; these only express its chain estimate in fen (group-cost.ts).
    priceFenPerCoreHour: 100,
    cores: 1,
    priceNote: { zh: '各步骤按其模块的核时价格计费', en: 'Each step is billed at its own module’s core-hour price' },
    history: 'paged',
    files: [PROTEIN_FILE_FIELD, MOLECULE_FILE_FIELD, WORKFLOW_REFERENCE_FIELD],
    proteinSource: PROTEIN_FILE_FIELD,
    moleculeSource: MOLECULE_FILE_FIELD,
    params,
  });
}

export type GroupParams = { modules: PlannedStep[]; pockets?: z.infer<typeof pocketsField> } & Record<string, unknown>;
