import { z } from 'zod';
import { defineForm } from '../types.ts';
import { bothLanguages } from '@yunyao/contract';
import { dotted, MB, OUTPUT_NAME_MISSING, outputFileName } from '../shared/file-names.ts';
import { mergeMeta } from './merge.meta.ts';
import { MERGE_MESSAGES } from './merge.messages.ts';

export const MERGE_INPUT_EXTENSIONS = ['mol2', 'sdf'] as const;
export const MERGE_OUTPUT_EXTENSIONS = ['sdf', 'sd', 'mol2'] as const;
export const MERGE_FILES_MESSAGE = MERGE_MESSAGES.filesMissing;
export const MERGE_OUT_MESSAGE = OUTPUT_NAME_MISSING;

export const mergeParams = z.object({
  /** Optional output name; defaults to merged.sdf, or merged.mol2 when every input is MOL2. */
  out: outputFileName({ extensions: MERGE_OUTPUT_EXTENSIONS, message: MERGE_OUT_MESSAGE }).optional(),
});
export type MergeParams = z.infer<typeof mergeParams>;

/** What the merge form accepts; shared by the web form and the server's validation. */
export const mergeForm = defineForm({
  ...mergeMeta,
  description: {
    zh: '将 2–10 个 MOL2 / SDF 小分子文件合并为一个文件，使用 Open Babel 逐条校验每个分子记录；格式相同的记录原样保留，不同格式的记录由 Open Babel 转换。',
    en: 'Merges 2-10 MOL2 / SDF files into one, checking every record with Open Babel; records already in the output format are copied unchanged, others are converted by Open Babel.',
  },
  priceFenPerCoreHour: 50,
  cores: 1,
  history: 'recent',
  files: [
    {
      field: 'ligands',
      extensions: dotted(MERGE_INPUT_EXTENSIONS),
      min: 2,
      max: 10,
      maxBytes: 20 * MB,
      requiredMessage: bothLanguages(MERGE_FILES_MESSAGE),
      dataCenterField: 'ligands_cos',
    },
  ],
  params: mergeParams,
});
