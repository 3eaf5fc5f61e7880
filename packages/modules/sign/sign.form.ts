import { z } from 'zod';
import { bothLanguages, messageRef } from '@yunyao/contract';
import { defineForm, type FileFieldSpec } from '../types.ts';
import { MB } from '../shared/file-names.ts';
import { pocketsField } from '../shared/pocket-sites.ts';
import { checkProteinIds, PROTEIN_FILE_FIELD, proteinSourceParams } from '../shared/protein-source.ts';
import { signMeta } from './sign.meta.ts';
import { SIGN_MESSAGES } from './sign.messages.ts';
import { defineWorkflowStep, workflowFilterField } from '../shared/workflow-step.ts';

/** Where the ligands come from: posed files (upload or data center) or a shipped preset list (docked first). */
export const LIGAND_SOURCES = ['file', 'cos', 'preset'] as const;
export const SMILES_PRESETS = ['zinc', 'approved'] as const;
/** Where the binding site comes from: a site file (upload or data center) or a pocket predicted on the page. */
export const POCKET_SOURCES = ['file', 'cos', 'predicted'] as const;
/** Vina's exhaustiveness for ligands that arrive without a pose (docking's own bounds; 8 is Vina's default). */
export const SIGN_ACCURACY = { min: 1, max: 64, default: 8 } as const;

// Message ids (sign.messages.ts).
export const LIGAND_FILE_MISSING = SIGN_MESSAGES.ligandFileMissing;
export const LIGAND_COS_MISSING = SIGN_MESSAGES.ligandCosMissing;
export const LIGAND_ZIP_TOO_LARGE = SIGN_MESSAGES.ligandZipTooLarge;
export const PRESET_MISSING = SIGN_MESSAGES.presetMissing;
export const POCKET_FILE_MISSING = SIGN_MESSAGES.pocketFileMissing;
export const POCKET_COS_MISSING = SIGN_MESSAGES.pocketCosMissing;
export const PREDICTED_POCKET_MISSING = SIGN_MESSAGES.predictedPocketMissing;
export const ACCURACY_INVALID = messageRef(SIGN_MESSAGES.accuracyInvalid, { min: SIGN_ACCURACY.min, max: SIGN_ACCURACY.max });

/** Posed ligands: a .zip of .mol2 files (spec), or one .mol2/.sdf (a docking task's poses.sdf chains in). */
export const LIGAND_FILE_FIELD: FileFieldSpec = {
  field: 'ligand',
  extensions: ['.zip', '.mol2', '.sdf'],
  // The source, not the field, decides whether a file is required (see signSourceProblem).
  min: 0,
  max: 3,
  maxBytes: 10 * MB,
  requiredMessage: bothLanguages(LIGAND_FILE_MISSING),
  tooLargeMessage: bothLanguages(LIGAND_ZIP_TOO_LARGE),
  dataCenterField: 'ligand_cos',
};

/** The binding site: pocket atoms (.pdb), a ligand or site points (.mol2), a box or points (.csv/.txt). */
export const POCKET_FILE_FIELD: FileFieldSpec = {
  field: 'pocket',
  extensions: ['.pdb', '.mol2', '.csv', '.txt'],
  min: 0,
  max: 1,
  maxBytes: 10 * MB,
  requiredMessage: bothLanguages(POCKET_FILE_MISSING),
  dataCenterField: 'pocket_cos',
  contentCheck: 'site',
};

export const signParams = z
  .object({
    ...proteinSourceParams,
    ligand_source: z.enum(LIGAND_SOURCES).default('file'),
    smiles_preset: z.enum(SMILES_PRESETS, { error: PRESET_MISSING }).optional(),
    pocket_source: z.enum(POCKET_SOURCES).default('file'),
    pockets: pocketsField.optional(),
    accuracy: z.coerce
      .number({ error: ACCURACY_INVALID })
      .int({ error: ACCURACY_INVALID })
      .min(SIGN_ACCURACY.min, { error: ACCURACY_INVALID })
      .max(SIGN_ACCURACY.max, { error: ACCURACY_INVALID })
      .default(SIGN_ACCURACY.default),
    /** Vina's seed for the ligands docked first; recorded with the result. */
    seed: z.coerce.number().int().min(0).max(2 ** 31 - 1).optional(),
  })
  .superRefine((p, ctx) => {
    checkProteinIds(p, ctx);
    if (p.ligand_source === 'preset' && !p.smiles_preset) ctx.addIssue({ code: 'custom', path: ['smiles_preset'], message: PRESET_MISSING });
    if (p.pocket_source === 'predicted' && !p.pockets?.length) ctx.addIssue({ code: 'custom', path: ['pockets'], message: PREDICTED_POCKET_MISSING });
  });
export type SignParams = z.infer<typeof signParams>;

/** What the chosen ligand and site sources lack, given the files that arrived per field (uploads and data-center picks alike). */
export function signSourceProblem(p: SignParams, filesIn: (field: string) => number): string | null {
  if (p.ligand_source !== 'preset' && filesIn(LIGAND_FILE_FIELD.field) === 0) return p.ligand_source === 'cos' ? LIGAND_COS_MISSING : LIGAND_FILE_MISSING;
  if (p.pocket_source !== 'predicted' && filesIn(POCKET_FILE_FIELD.field) === 0) return p.pocket_source === 'cos' ? POCKET_COS_MISSING : POCKET_FILE_MISSING;
  return null;
}

/** 3D affinity as a workflow step: scores each docked molecule's best pose in the docking site (spec: only after docking). */
const signWorkflowStep = defineWorkflowStep({
  needs: ['protein', 'poses', 'pocket'],
  gives: [],
  placement: {
    first: { zh: '亲和力预测3D模块不能放在首位！', en: 'The 3D affinity step cannot come first.' },
    after: { zh: '亲和力预测3D模块须放在分子对接模块后！', en: 'The 3D affinity step must come after a docking step.' },
  },
  fields: z.object({ filter: workflowFilterField }),
  score: { column: 'affinity', better: 'higher', label: { zh: '3D 亲和力 pK', en: '3D affinity pK' } },
  columns: [
    { kind: 'interval', low: 'pk_low', high: 'pk_high' },
    { kind: 'kd', column: 'Kd', toNm: 1 },
    { kind: 'domain', column: 'in_domain' },
  ],
  nameColumn: 'ID',
  files: { protein: PROTEIN_FILE_FIELD.field, poses: LIGAND_FILE_FIELD.field },
  formFields: (_f, ports) => ({
    protein_source: 'file',
    ligand_source: 'file',
    pocket_source: 'predicted',
    ...(ports.pocket ? { pockets: JSON.stringify(ports.pocket) } : {}),
  }),
});

/** What the 3D affinity forms accept; shared by the web forms and the server's validation. */
export const signForm = defineForm({
  ...signMeta,
  description: {
    zh: '对蛋白–配体复合物的结合构象打分，预测结合亲和力（pK 与 Kd）：已在结合位点内的三维构象直接打分，SMILES 与预设分子库先用 AutoDock Vina 对接再取最佳构象；打分模型为在 9,299 个 PDBbind 复合物上训练的梯度提升树（8 Å 内按 1 Å 分壳层的蛋白–配体元素对接触计数及其占比，整蛋白与口袋片段结果相同），每个预测给出 90% 区间，并从配体与口袋两方面标注适用域。',
    en: 'Scores protein–ligand poses and predicts binding affinity (pK and Kd): 3D poses inside the site are scored as they are, SMILES and the preset libraries are docked with AutoDock Vina first and their best pose scored; the model is gradient-boosted trees trained on 9,299 PDBbind complexes (protein–ligand element-pair contacts in 1 Å shells up to 8 Å and their shares, so a whole protein and a pocket cut-out give the same result), with a 90% interval for each prediction and an applicability-domain flag that considers the ligand and the pocket.',
  },
  priceFenPerCoreHour: 100,
  cores: 2,
  history: 'paged',
  files: [PROTEIN_FILE_FIELD, LIGAND_FILE_FIELD, POCKET_FILE_FIELD],
  workflowStep: signWorkflowStep,
  proteinSource: PROTEIN_FILE_FIELD,
  params: signParams,
});
