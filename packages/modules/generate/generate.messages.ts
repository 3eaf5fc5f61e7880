import { defineMessages } from '@yunyao/contract';

/** The generation module's texts (ids `generate.*`): its bounds and what python/yunyao/generate reports; the molecule source's are shared. */
export const GENERATE_MESSAGES = defineMessages('generate', {
  geneNumsRange: { zh: '每个分子的生成数量须为 {min}–{max} 的整数！', en: 'The number of molecules per input must be a whole number from {min} to {max}.' },
  windowRange: { zh: '{property}的范围须在 {min}–{max} 之间！', en: 'The {property} bounds must lie between {min} and {max}.' },
  windowOrder: { zh: '{property}的下限不能大于上限！', en: 'The lower {property} bound cannot be above the upper one.' },
  seedRange: { zh: '随机种子须为 {min}–{max} 的整数！', en: 'The random seed must be a whole number from {min} to {max}.' },
  notSmilesFile: {
    zh: '文件格式错误：分子生成只接受 SMILES 文件（.smi/.csv/.tsv/.txt），请重新上传（{file}）',
    en: 'Wrong file format: molecule generation takes SMILES files only (.smi/.csv/.tsv/.txt); please upload again ({file}).',
  },
  noMolecules: { zh: '输入文件中没有可读取的分子', en: 'The input files hold no readable molecule.' },
  noParsableMolecules: { zh: '输入的 {records} 条记录中没有可解析的分子，请检查 SMILES 后重新提交', en: 'None of the {records} records can be read; please check the SMILES and submit again.' },
  tooMany: {
    zh: '{parents} 个分子 × 每个 {count} 个超过单个任务的上限 {max} 个生成分子，请减少分子或生成数量后分批提交',
    en: '{parents} molecules × {count} each is more than the {max} generated molecules one task may make; please submit fewer molecules or a smaller count.',
  },
  parentTooSmall: { zh: '分子 “{smiles}” 太小（少于 2 个重原子），无法生成类似物', en: 'The molecule “{smiles}” is too small (fewer than 2 heavy atoms) to make analogues of.' },
});
