import { bothLanguages } from '@yunyao/contract';
import { defineForm, type FileFieldSpec } from '../types.ts';
import { MB } from '../shared/file-names.ts';
import { ROSETTA_FLAGS_FIELD, ROSETTA_PROTEIN_FIELD, rosettaParams } from '../shared/rosetta/rosetta-form.ts';
import { packerMeta } from './packer.meta.ts';
import { PACKER_MESSAGES } from './packer.messages.ts';

// What the Rosetta pages share (supported options, the row's shape), for the browser.
export * from '../shared/rosetta/rosetta-form.ts';

/** The resfile (spec: multipart field `residue`, a .txt): which residues the packer repacks or designs, and how. */
export const RESFILE_FIELD: FileFieldSpec = {
  field: 'residue',
  extensions: ['.txt', '.resfile'],
  min: 1,
  max: 1,
  maxBytes: 1 * MB,
  requiredMessage: bothLanguages(PACKER_MESSAGES.resfileMissing),
};

/** `POST /api/rosetta` with `module=packer`: protein_source=file, protein, flags, residue (the resfile). */
export const packerForm = defineForm({
  ...packerMeta,
  description: {
    zh: '使用已授权的 Rosetta fixbb（Packer）程序，按 flag 文件与 resfile 对蛋白侧链重新堆积或设计，输出优化后的结构与各能量项得分。Rosetta 需要用户自有的有效许可证。',
    en: 'Side-chain repacking or design of a protein with a licensed Rosetta fixbb (Packer) program, following your flags file and resfile; returns the packed structures with every score term. Rosetta needs your own valid licence.',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'recent',
  files: [ROSETTA_PROTEIN_FIELD, ROSETTA_FLAGS_FIELD, RESFILE_FIELD],
  params: rosettaParams,
});
