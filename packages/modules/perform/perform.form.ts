import { z } from 'zod';
import { defineForm, type FileFieldSpec } from '../types.ts';
import { bothLanguages } from '@yunyao/contract';
import { checkTypedMolecules, fileOrTypedParams } from '../shared/molecule-source.ts';
import { dotted, extOf, MB, OUTPUT_NAME_MISSING, outputFileName } from '../shared/file-names.ts';
import { performMeta } from './perform.meta.ts';
import { PERFORM_MESSAGES } from './perform.messages.ts';

/** Inputs accepted for each input structure; the form's file spec takes their union. */
export const PERFORM_2D_EXTENSIONS = ['mol', 'sdf', 'sd', 'smi', 'csv', 'tsv', 'txt'] as const;
export const PERFORM_3D_EXTENSIONS = ['mol2', 'sdf', 'sd', 'pdb'] as const;
export const PERFORM_OUTPUT_EXTENSIONS = ['sd', 'sdf'] as const;
export const PERFORM_FORMAT_MESSAGE = PERFORM_MESSAGES.formatInvalid;
export const PERFORM_OUT_MESSAGE = OUTPUT_NAME_MISSING;
export const PERFORM_STRUCTURE_MESSAGE = PERFORM_MESSAGES.structureMissing;
export const PERFORM_DEFAULT_OUT = 'optimized.sdf';
export const PERFORM_TYPED_NEEDS_2D = PERFORM_MESSAGES.typedNeeds2d;

export const performParams = z.object({
  /** What the uploaded structures are: 2D (a conformer is generated) or 3D (coordinates kept). */
  structure: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(['2D', '3D'], { error: PERFORM_STRUCTURE_MESSAGE }),
  ).default('2D'),
  /** Output name with extension .sd or .sdf. */
  out: outputFileName({ extensions: PERFORM_OUTPUT_EXTENSIONS, message: PERFORM_OUT_MESSAGE }).default(
    PERFORM_DEFAULT_OUT,
  ),
  /** `file` (the spec's upload) or `molecule`: typed or drawn SMILES, embedded like any 2D input. */
  ...fileOrTypedParams,
}).superRefine((params, ctx) => {
  checkTypedMolecules(params, ctx);
  if (params.mole_type === 'molecule' && params.structure === '3D') ctx.addIssue({ code: 'custom', path: ['structure'], message: PERFORM_TYPED_NEEDS_2D });
});
export type PerformParams = z.infer<typeof performParams>;

const allExtensions = [...new Set<string>([...PERFORM_2D_EXTENSIONS, ...PERFORM_3D_EXTENSIONS])];

const PERFORM_INPUT_FIELD: FileFieldSpec = {
  field: 'input',
  extensions: dotted(allExtensions),
  min: 1,
  max: 2,
  maxBytes: 20 * MB,
  requiredMessage: bothLanguages(PERFORM_MESSAGES.filesMissing),
  dataCenterField: 'input_cos',
};

/** What the perform form accepts; shared by the web form and the server's validation. */
export const performForm = defineForm({
  ...performMeta,
  description: {
    zh: '使用 RDKit 对小分子进行粗略优化：2D 结构先加氢并用 ETKDGv3（固定随机种子）生成三维构象，3D 结构保留原有坐标并补全氢原子，随后用 MMFF94 力场能量最小化（缺少参数时改用 UFF），输出带优化前后能量的 SDF 文件。可上传文件，也可直接输入或绘制分子（SMILES，按 2D 处理）。',
    en: 'Quick clean-up of small molecules with RDKit: 2D input gets hydrogens and an ETKDGv3 conformer (fixed seed), 3D input keeps its coordinates and gets hydrogens; then MMFF94 minimisation (UFF when MMFF94 lacks parameters). Writes an SDF with energies before and after. Upload files, or type or draw molecules (SMILES, read as 2D).',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'recent',
  files: [PERFORM_INPUT_FIELD],
  typedMoleculesField: PERFORM_INPUT_FIELD,
  params: performParams,
});

/** Whether a file name fits the chosen input structure (the step checks this too). */
export function performAccepts(structure: '2D' | '3D', fileName: string): boolean {
  const list: readonly string[] = structure === '2D' ? PERFORM_2D_EXTENSIONS : PERFORM_3D_EXTENSIONS;
  return list.includes(extOf(fileName));
}
