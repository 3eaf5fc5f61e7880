import { z } from 'zod';
import { defineForm, type FileFieldSpec } from '../types.ts';
import { bothLanguages } from '@yunyao/contract';
import { dotted, MB, OUTPUT_NAME_MISSING, outputFileName } from '../shared/file-names.ts';
import { checkTypedMolecules, fileOrTypedParams } from '../shared/molecule-source.ts';
import { convertMeta } from './convert.meta.ts';
import { CONVERT_MESSAGES } from './convert.messages.ts';

export const CONVERT_INPUT_EXTENSIONS = ['sdf', 'sd', 'smi', 'csv', 'tsv', 'txt'] as const;
export const CONVERT_OUTPUT_EXTENSIONS = ['sd', 'sdf', 'smi', 'csv', 'tsv', 'txt', 'pdb', 'pdbqt', 'mol', 'mol2', 'xyz'] as const;
export const CONVERT_OUT_MESSAGE = OUTPUT_NAME_MISSING;
export const CONVERT_FILES_MESSAGE = CONVERT_MESSAGES.filesMissing;

export const convertParams = z
  .object({
    /** Output file name plus extension, e.g. `result.mol2`; the extension picks the format. */
    out: outputFileName({ extensions: CONVERT_OUTPUT_EXTENSIONS, message: CONVERT_OUT_MESSAGE }),
    /** `file` (the spec's upload) or `molecule`: typed or drawn SMILES instead of files. */
    ...fileOrTypedParams,
  })
  .superRefine(checkTypedMolecules);
export type ConvertParams = z.infer<typeof convertParams>;

const CONVERT_INPUT_FIELD: FileFieldSpec = {
  field: 'input',
  extensions: dotted(CONVERT_INPUT_EXTENSIONS),
  min: 1,
  max: 2,
  maxBytes: 20 * MB,
  requiredMessage: bothLanguages(CONVERT_FILES_MESSAGE),
  dataCenterField: 'input_cos',
};

/** What the convert form accepts; shared by the web form and the server's validation. */
export const convertForm = defineForm({
  ...convertMeta,
  description: {
    zh: '使用 Open Babel 在 SDF、SMILES、CSV/TSV、PDB、PDBQT、MOL、MOL2、XYZ 等分子格式之间转换；可上传文件，也可直接输入或绘制分子（SMILES）；由 SMILES 生成需要坐标的格式时自动生成三维构象。',
    en: 'Converts molecules between SDF, SMILES, CSV/TSV, PDB, PDBQT, MOL, MOL2 and XYZ with Open Babel, generating 3D coordinates when a coordinate format is made from SMILES. Upload files, or type or draw molecules (SMILES).',
  },
  priceFenPerCoreHour: 50,
  cores: 1,
  history: 'recent',
  files: [CONVERT_INPUT_FIELD],
  typedMoleculesField: CONVERT_INPUT_FIELD,
  params: convertParams,
});
