import { z } from 'zod';
import { messageRef } from '@yunyao/contract';
import { defineForm } from '../types.ts';
import { PEPSEARCH_MESSAGES } from './pepsearch.messages.ts';
import { pepsearchMeta } from './pepsearch.meta.ts';
import { SAMPLING_LEVELS } from './pepsearch-sampling.ts';

/** One-letter codes of the 20 standard amino acids. */
export const AMINO_ACIDS = 'ACDEFGHIKLMNPQRSTVWY';
export const SEQUENCE_LENGTH = { min: 2, max: 50 } as const;
/** `compute`: cores the sampling runs on (spec constants: at most 32). */
export const PEPTIDE_CORES = { min: 1, max: 32, default: 2 } as const;

// The levels live beside their engine knobs, so the cost model (re-exported below) needs nothing from this file.
export { SAMPLING_LEVELS, type SamplingLevel } from './pepsearch-sampling.ts';

// Message ids (pepsearch.messages.ts).
export const SEQUENCE_EMPTY = PEPSEARCH_MESSAGES.sequenceEmpty;
export const SEQUENCE_LENGTH_INVALID = messageRef(PEPSEARCH_MESSAGES.sequenceLengthInvalid, SEQUENCE_LENGTH);
export const CORES_INVALID = messageRef(PEPSEARCH_MESSAGES.coresInvalid, { min: PEPTIDE_CORES.min, max: PEPTIDE_CORES.max });
export const SAMPLING_INVALID = PEPSEARCH_MESSAGES.samplingInvalid;

/** The letters of `sequence` that are not standard amino acids, with their 1-based positions. */
export function unknownResidues(sequence: string): { letter: string; position: number }[] {
  return [...sequence].flatMap((letter, i) => (AMINO_ACIDS.includes(letter) ? [] : [{ letter, position: i + 1 }]));
}

/** Names every bad letter and where it stands, so a typo is found at once. */
export function unknownResiduesMessage(sequence: string): string {
  const bad = unknownResidues(sequence).slice(0, 5);
  const total = unknownResidues(sequence).length;
  const shown = {
    zh: bad.map((b) => `第 ${b.position} 位“${b.letter}”`).join('、'),
    en: bad.map((b) => `“${b.letter}” at ${b.position}`).join(', '),
  };
  const more = total > 5 ? { zh: ` 等 ${total} 处`, en: ` (${total} in all)` } : '';
  return messageRef(PEPSEARCH_MESSAGES.unknownResidues, { shown, more, letters: AMINO_ACIDS });
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
    zh: '从氨基酸序列出发预测多肽的三维结构：按序列从已知蛋白结构中挑选主链片段，以蒙特卡洛片段组装生成大量候选构象（decoy），对其聚类，把最大的几个簇在隐式溶剂中（OpenMM，Amber ff14SB + OBC2 广义玻恩模型）精修，按簇占比与能量给出排名前几的模型，并用 DSSP 标注每个残基的二级结构。',
    en: 'Predicts a peptide’s 3D structure from its sequence by fragment assembly: backbone fragments of known protein structures are picked for the sequence and assembled by Monte Carlo into many decoys; the decoys are clustered, the largest clusters refined in implicit solvent (OpenMM, Amber ff14SB + OBC2 generalised Born), the top models ranked by cluster share and energy, and DSSP assigns each residue’s secondary structure.',
  },
  priceFenPerCoreHour: 100,
  cores: PEPTIDE_CORES.default,
  history: 'recent',
  files: [],
  params: pepsearchParams,
});

// The form shows each sampling level's time from the estimate the server holds for (one model of both).
export { pepsearchCoreHours } from './pepsearch-cost.ts';
