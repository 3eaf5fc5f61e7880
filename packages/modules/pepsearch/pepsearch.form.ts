import { z } from 'zod';
import { defineForm } from '../types.ts';
import { pepsearchMeta } from './pepsearch.meta.ts';
import { SAMPLING_LEVELS } from './pepsearch-sampling.ts';

/** One-letter codes of the 20 standard amino acids. */
export const AMINO_ACIDS = 'ACDEFGHIKLMNPQRSTVWY';
export const SEQUENCE_LENGTH = { min: 2, max: 50 } as const;
/** `compute`: cores the sampling runs on (spec constants: at most 32). */
export const PEPTIDE_CORES = { min: 1, max: 32, default: 2 } as const;

// The levels live beside their engine knobs, so the cost model (re-exported below) needs nothing from this file.
export { SAMPLING_LEVELS, type SamplingLevel } from './pepsearch-sampling.ts';

// The spec's own message (document 1, section 5) is English; it is the English side, 多肽序列不能为空 the Chinese.
export const SEQUENCE_EMPTY = '多肽序列不能为空！';
export const SEQUENCE_LENGTH_INVALID = `多肽序列长度须为 ${SEQUENCE_LENGTH.min}–${SEQUENCE_LENGTH.max} 个残基！`;
export const CORES_INVALID = `计算核数须为 ${PEPTIDE_CORES.min}–${PEPTIDE_CORES.max} 的整数！`;
export const SAMPLING_INVALID = '请选择采样强度（quick、standard 或 thorough）！';

/** The letters of `sequence` that are not standard amino acids, with their 1-based positions. */
export function unknownResidues(sequence: string): { letter: string; position: number }[] {
  return [...sequence].flatMap((letter, i) => (AMINO_ACIDS.includes(letter) ? [] : [{ letter, position: i + 1 }]));
}

/** Names every bad letter and where it stands, so a typo is found at once. */
export function unknownResiduesMessage(sequence: string): string {
  const bad = unknownResidues(sequence);
  const shown = bad.slice(0, 5).map((b) => `第 ${b.position} 位“${b.letter}”`).join('、');
  return `序列含非标准氨基酸字母：${shown}${bad.length > 5 ? ` 等 ${bad.length} 处` : ''}；只接受 20 种标准氨基酸的单字母代码（${AMINO_ACIDS}）！`;
}

/**
 * Spaces, line breaks and a FASTA header are tolerated; letters are read upper-case. The output is
 * declared (the pipe), so the parameters' exported schema holds the sequence the engine may be given.
 */
const normalisedSequence = z
  .string({ error: SEQUENCE_EMPTY })
  .transform((s) => s.replace(/^>.*$/m, '').replace(/\s+/g, '').toUpperCase())
  .superRefine((s, ctx) => {
    if (!s) ctx.addIssue({ code: 'custom', message: SEQUENCE_EMPTY });
    else if (unknownResidues(s).length) ctx.addIssue({ code: 'custom', message: unknownResiduesMessage(s) });
    else if (s.length < SEQUENCE_LENGTH.min || s.length > SEQUENCE_LENGTH.max) ctx.addIssue({ code: 'custom', message: SEQUENCE_LENGTH_INVALID });
  })
  .pipe(z.string().regex(new RegExp(`^[${AMINO_ACIDS}]{${SEQUENCE_LENGTH.min},${SEQUENCE_LENGTH.max}}$`)));

export const pepsearchParams = z.object({
  sequence: normalisedSequence,
  compute: z.coerce
    .number({ error: CORES_INVALID })
    .int({ error: CORES_INVALID })
    .min(PEPTIDE_CORES.min, { error: CORES_INVALID })
    .max(PEPTIDE_CORES.max, { error: CORES_INVALID })
    .default(PEPTIDE_CORES.default),
  sampling: z.enum(SAMPLING_LEVELS, { error: SAMPLING_INVALID }).default('standard'),
  /** Seed of the chain's sampling; the same seed gives the same models. Recorded with the result. */
  seed: z.coerce.number().int().min(1).max(2 ** 31 - 1).optional(),
});
export type PepsearchParams = z.infer<typeof pepsearchParams>;

export const pepsearchForm = defineForm({
  ...pepsearchMeta,
  description: {
    zh: '从氨基酸序列出发，用物理方法预测多肽的三维结构：构建肽链后在隐式溶剂中（OpenMM，Amber ff14SB + OBC2 广义玻恩模型）做多轮模拟退火采样，对低温构象聚类，按簇大小与能量给出排名前几的模型，并用 DSSP 标注每个残基的二级结构。',
    en: 'Predicts a peptide’s 3D structure from its sequence by physics: the chain is built and sampled by repeated simulated annealing in implicit solvent (OpenMM, Amber ff14SB + OBC2 generalised Born); low-temperature conformations are clustered, the top models ranked by cluster population and energy, and DSSP assigns each residue’s secondary structure.',
  },
  priceFenPerCoreHour: 100,
  cores: PEPTIDE_CORES.default,
  history: 'recent',
  files: [],
  params: pepsearchParams,
  messagesEn: {
    [SEQUENCE_EMPTY]: 'peptide sequence cannot be empty!',
    [SEQUENCE_LENGTH_INVALID]: `The peptide must have ${SEQUENCE_LENGTH.min}–${SEQUENCE_LENGTH.max} residues.`,
    [CORES_INVALID]: `Cores must be a whole number from ${PEPTIDE_CORES.min} to ${PEPTIDE_CORES.max}.`,
    [SAMPLING_INVALID]: 'Please choose the sampling effort (quick, standard or thorough).',
  },
});

// The form shows each sampling level's time from the estimate the server holds for (one model of both).
export { pepsearchCoreHours } from './pepsearch-cost.ts';
