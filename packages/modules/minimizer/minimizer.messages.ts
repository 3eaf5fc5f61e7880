import { defineMessages } from '@yunyao/contract';

/** The Rosetta Minimize page's own texts (ids `minimizer.*`): its movemap. The flags and protein texts are `rosetta.*`. */
export const MINIMIZER_MESSAGES = defineMessages('minimizer', {
  movemapMissing: { zh: '请上传movemap文件！', en: 'Please upload a movemap file.' },
  movemapEmpty: { zh: 'movemap 文件 {file} 中没有任何设置！', en: 'The movemap file {file} sets nothing.' },
  movemapLine: {
    zh: 'movemap 第 {line} 行“{text}”格式错误：应为 RESIDUE <残基号|*> <BB|CHI|BBCHI|NO>、RESIDUE 或 RESRANGE <起> <止> <BB|CHI|BBCHI|NO>，或 JUMP <编号|*> [YES|NO]！',
    en: 'Line {line} of the movemap, "{text}", is malformed: write RESIDUE <number|*> <BB|CHI|BBCHI|NO>, RESIDUE or RESRANGE <first> <last> <BB|CHI|BBCHI|NO>, or JUMP <number|*> [YES|NO].',
  },
  movemapResidue: {
    zh: 'movemap 第 {line} 行：残基 {residue} 超出蛋白的 {count} 个残基（movemap 使用 Rosetta 编号：从 1 起跨链连续编号）！',
    en: 'Line {line} of the movemap: residue {residue} is beyond the protein’s {count} residues (a movemap counts in Rosetta numbering, from 1 across chains).',
  },
  movemapJump: {
    zh: 'movemap 第 {line} 行：JUMP {jump} 超出蛋白的 {count} 个刚体连接（链数减一）！',
    en: 'Line {line} of the movemap: JUMP {jump} is beyond the protein’s {count} jumps (one fewer than its chains).',
  },
});
