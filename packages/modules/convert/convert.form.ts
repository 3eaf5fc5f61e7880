import { z } from 'zod';
import { defineForm } from '../types.ts';
import { dotted, OUTPUT_NAME_MESSAGES_EN, MB, outputFileName } from '../shared/file-names.ts';
import { convertMeta } from './convert.meta.ts';

export const CONVERT_INPUT_EXTENSIONS = ['sdf', 'sd', 'smi', 'csv', 'tsv', 'txt'] as const;
export const CONVERT_OUTPUT_EXTENSIONS = ['sd', 'sdf', 'smi', 'csv', 'tsv', 'txt', 'pdb', 'pdbqt', 'mol', 'mol2', 'xyz'] as const;
export const CONVERT_OUT_MESSAGE = '请输入输出文件名称及格式！';
export const CONVERT_FILES_MESSAGE = '请上传输入文件！';

export const convertParams = z.object({
  /** Output file name plus extension, e.g. `result.mol2`; the extension picks the format. */
  out: outputFileName({ extensions: CONVERT_OUTPUT_EXTENSIONS, message: CONVERT_OUT_MESSAGE }),
});
export type ConvertParams = z.infer<typeof convertParams>;

/** What the convert form accepts; shared by the web form and the server's validation. */
export const convertForm = defineForm({
  ...convertMeta,
  description: {
    zh: '使用 Open Babel 在 SDF、SMILES、CSV/TSV、PDB、PDBQT、MOL、MOL2、XYZ 等分子格式之间转换；由 SMILES 生成需要坐标的格式时自动生成三维构象。',
    en: 'Converts molecules between SDF, SMILES, CSV/TSV, PDB, PDBQT, MOL, MOL2 and XYZ with Open Babel, generating 3D coordinates when a coordinate format is made from SMILES.',
  },
  priceFenPerCoreHour: 50,
  cores: 1,
  history: 'recent',
  files: [
    {
      field: 'input',
      extensions: dotted(CONVERT_INPUT_EXTENSIONS),
      min: 1,
      max: 2,
      maxBytes: 20 * MB,
      requiredMessage: { zh: CONVERT_FILES_MESSAGE, en: 'Please upload an input file.' },
      dataCenterField: 'input_cos',
    },
  ],
  params: convertParams,
  messagesEn: {
    ...OUTPUT_NAME_MESSAGES_EN,
  },
});
