import { z } from 'zod';
import { messageRef } from '@yunyao/contract';
import { defineForm } from '../types.ts';
import { checkTypedMolecules, MOLECULE_FILE_FIELD, screeningSourceParams } from '../shared/molecule-source.ts';
import { checkProteinIds, PROTEIN_FILE_FIELD, proteinSourceParams } from '../shared/protein-source.ts';
import { autodockMeta } from './autodock.meta.ts';
import { AUTODOCK_MESSAGES } from './autodock.messages.ts';
import { MAX_BOX_EDGE, pocketBox, pocketsField, type DockingSite } from '../shared/pocket-sites.ts';
import { keepHeteroField } from './hetero-groups.ts';
import { defineWorkflowStep } from '../shared/workflow-step.ts';

export { MAX_BOX_EDGE, pocketBox, type DockingSite } from '../shared/pocket-sites.ts';
export { heteroGroups, type HeteroGroup } from './hetero-groups.ts';

/** Spec constants: accuracy = Vina exhaustiveness, posture = poses, filter = result retention rank. */
export const DOCKING_LIMITS = {
  accuracy: { min: 1, max: 64, default: 10 },
  posture: { min: 1, max: 100, default: 9 },
  filter: { min: 1, max: 2000, default: 50 },
} as const;
/** Blind docking (as CB-Dock2 offers): the top-N pockets the platform's detector ranks. */
export const BLIND_POCKETS = { min: 1, max: 5, default: 3 } as const;

// Message ids (autodock.messages.ts).
export const SITE_MISSING = AUTODOCK_MESSAGES.siteMissing;
export const BOX_SIZE_INVALID = messageRef(AUTODOCK_MESSAGES.boxSizeInvalid, { max: MAX_BOX_EDGE });
export const BLIND_POCKETS_INVALID = messageRef(AUTODOCK_MESSAGES.blindPocketsInvalid, { min: BLIND_POCKETS.min, max: BLIND_POCKETS.max });
export const BLIND_WITH_SITE = AUTODOCK_MESSAGES.blindWithSite;
export const NO_POCKET = AUTODOCK_MESSAGES.noPocket;

const optionalNumber = z.preprocess((v) => (v === '' || v === undefined ? undefined : v), z.coerce.number({ error: SITE_MISSING }).optional());
const BOUNDED_LABELS: Record<keyof typeof DOCKING_LIMITS, { zh: string; en: string }> = {
  accuracy: { zh: '精确度', en: 'Exhaustiveness' },
  posture: { zh: '构象数', en: 'Poses per ligand' },
  filter: { zh: '结果保留排名', en: 'Molecules kept' },
};
const bounded = (name: keyof typeof DOCKING_LIMITS) => {
  const { min, max, default: fallback } = DOCKING_LIMITS[name];
  const message = messageRef(AUTODOCK_MESSAGES.boundedInvalid, { label: BOUNDED_LABELS[name], min, max });
  return z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).default(fallback);
};

export const autodockParams = z
  .object({
    ...proteinSourceParams,
    ...screeningSourceParams,
    pockets: pocketsField.optional(),
    center_x: optionalNumber,
    center_y: optionalNumber,
    center_z: optionalNumber,
    size_x: optionalNumber,
    size_y: optionalNumber,
    size_z: optionalNumber,
    accuracy: bounded('accuracy'),
    posture: bounded('posture'),
    filter: bounded('filter'),
    /** Blind docking: detect the pockets on the server and dock into the best `blind_pockets` of them. */
    blind: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
    blind_pockets: z.coerce
      .number({ error: BLIND_POCKETS_INVALID })
      .int({ error: BLIND_POCKETS_INVALID })
      .min(BLIND_POCKETS.min, { error: BLIND_POCKETS_INVALID })
      .max(BLIND_POCKETS.max, { error: BLIND_POCKETS_INVALID })
      .default(BLIND_POCKETS.default),
    /** Hetero groups (cofactors, metal ions) the receptor keeps, by residue name; every other one is stripped. */
    keep_hetero: keepHeteroField,
    /** Vina's random seed; recorded with the result so a run can be repeated exactly. */
    seed: z.coerce.number().int().min(0).max(2 ** 31 - 1).optional(),
  })
  .superRefine((p, ctx) => {
    checkProteinIds(p, ctx);
    checkTypedMolecules(p, ctx);
    const manual = [p.center_x, p.center_y, p.center_z, p.size_x, p.size_y, p.size_z];
    if (p.blind) {
      if (p.pockets?.length || manual.some((v) => v !== undefined)) ctx.addIssue({ code: 'custom', message: BLIND_WITH_SITE });
      return;
    }
    if (p.pockets?.length) return;
    if (manual.some((v) => v === undefined || !Number.isFinite(v))) ctx.addIssue({ code: 'custom', message: SITE_MISSING });
    else if ([p.size_x, p.size_y, p.size_z].some((s) => s! < 1 || s! > MAX_BOX_EDGE)) ctx.addIssue({ code: 'custom', message: BOX_SIZE_INVALID });
  });
export type AutodockParams = z.infer<typeof autodockParams>;

/** How many sites a task docks into; a blind task's pockets are found only when it runs. */
export function siteCount(p: AutodockParams): number {
  return p.blind ? p.blind_pockets : dockingSites(p).length;
}

/** Every site a task docks into: the chosen pockets' boxes, else the manual box (none yet for a blind task). */
export function dockingSites(p: AutodockParams): DockingSite[] {
  if (p.blind) return [];
  if (p.pockets?.length) return p.pockets.map(pocketBox);
  return [{ name: 'manual', center: [p.center_x!, p.center_y!, p.center_z!], size: [p.size_x!, p.size_y!, p.size_z!] }];
}

/**
 * Docking as a workflow step: it docks the molecules into the step's pocket, else the workflow's,
 * else blind into the detector's best pockets, and gives each molecule's best pose onward.
 */
const autodockWorkflowStep = defineWorkflowStep({
  needs: ['protein', 'molecules'],
  uses: ['pocket'],
  gives: ['poses', 'pocket', 'reference'],
  fields: z.object({
    accuracy: bounded('accuracy'),
    posture: bounded('posture'),
    filter: bounded('filter'),
    pocket: pocketsField.optional(),
  }),
  score: { column: 'score', better: 'lower', label: { zh: '对接打分', en: 'Docking score' }, unit: 'kcal/mol' },
  nameColumn: 'ligand',
  files: { protein: PROTEIN_FILE_FIELD.field, molecules: MOLECULE_FILE_FIELD.field },
  formFields: (f, ports) => {
    const site = f.pocket?.[0] ?? ports.pocket;
    return {
      protein_source: 'file',
      mole_type: 'file',
      accuracy: String(f.accuracy),
      posture: String(f.posture),
      filter: String(f.filter),
      ...(site ? { pockets: JSON.stringify(site) } : { blind: 'true' }),
    };
  },
});

/** What the docking forms accept; shared by the web forms and the server's validation. */
export const autodockForm = defineForm({
  ...autodockMeta,
  description: {
    zh: '蛋白经 PDBFixer 补全缺失原子、pdb2pqr/PROPKA 在 pH 7.4 加氢（保留所选辅因子与金属离子，其余杂原子基团和水分子删除）后，用 AutoDock Vina 将每个小分子对接到每个选定口袋（或盲对接：自动检测的前 N 个口袋）；输出打分、配体效率、全部构象（SDF）及 PLIP 分析的蛋白–配体相互作用、最佳构象复合物与打分分布。',
    en: 'The protein is completed by PDBFixer and protonated at pH 7.4 by pdb2pqr/PROPKA (the chosen cofactors and metal ions kept, other hetero groups and waters removed); AutoDock Vina then docks every ligand into every chosen pocket (or, docking blind, the top N detected pockets). Outputs scores, ligand efficiency, every pose (SDF) with its protein–ligand interactions by PLIP, the best pose as a complex and the score distribution.',
  },
  priceFenPerCoreHour: 100,
  cores: 2,
  history: 'paged',
  files: [PROTEIN_FILE_FIELD, MOLECULE_FILE_FIELD],
  workflowStep: autodockWorkflowStep,
  proteinSource: PROTEIN_FILE_FIELD,
  moleculeSource: MOLECULE_FILE_FIELD,
  params: autodockParams,
});
