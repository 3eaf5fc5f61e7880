import { bothLanguages } from '@yunyao/contract';
import { defineForm, type FileFieldSpec } from '../types.ts';
import { MB } from '../shared/file-names.ts';
import { ROSETTA_FLAGS_FIELD, ROSETTA_PROTEIN_FIELD, rosettaParams } from '../shared/rosetta/rosetta-form.ts';
import { minimizerMeta } from './minimizer.meta.ts';
import { MINIMIZER_MESSAGES } from './minimizer.messages.ts';

// What the Rosetta pages share (supported options, the row's shape), for the browser.
export * from '../shared/rosetta/rosetta-form.ts';

/** The movemap (Rosetta's MoveMap file): which torsions and jumps the minimiser may move. */
export const MOVEMAP_FIELD: FileFieldSpec = {
  field: 'movemap',
  extensions: ['.txt', '.movemap'],
  min: 1,
  max: 1,
  maxBytes: 1 * MB,
  requiredMessage: bothLanguages(MINIMIZER_MESSAGES.movemapMissing),
};

/** `POST /api/rosetta` with `module=minimizer`: protein_source=file, protein, flags, movemap. */
export const minimizerForm = defineForm({
  ...minimizerMeta,
  description: {
    zh: '使用已授权的 Rosetta minimize 程序，按 flag 文件与 movemap 对蛋白结构做梯度能量最小化，输出最小化后的结构与各能量项得分。Rosetta 需要用户自有的有效许可证。',
    en: 'Gradient energy minimisation of a protein structure with a licensed Rosetta minimize program, following your flags file and movemap; returns the minimised structures with every score term. Rosetta needs your own valid licence.',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'recent',
  files: [ROSETTA_PROTEIN_FIELD, ROSETTA_FLAGS_FIELD, MOVEMAP_FIELD],
  params: rosettaParams,
});
