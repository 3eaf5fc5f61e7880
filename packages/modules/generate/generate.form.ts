import { z } from 'zod';
import { messageRef, moleculeRowShape } from '@yunyao/contract';
import { defineForm } from '../types.ts';
import { checkTypedMolecules, MOLECULE_FILE_FIELD, moleculeSourceParams } from '../shared/molecule-source.ts';
import { generateMeta } from './generate.meta.ts';
import { GENERATE_MESSAGES } from './generate.messages.ts';

/** The spec's bounds and defaults (document 2, sections 5 and 9): 1–1000 per molecule (5), seed 1–100 (2). */
export const GENE_NUMS = { min: 1, max: 1000, default: 5 } as const;
export const SEED = { min: 1, max: 100, default: 2 } as const;

const GENE_NUMS_MESSAGE = messageRef(GENERATE_MESSAGES.geneNumsRange, { min: GENE_NUMS.min, max: GENE_NUMS.max });
const SEED_MESSAGE = messageRef(GENERATE_MESSAGES.seedRange, { min: SEED.min, max: SEED.max });

/** A whole number within bounds, from a form field's text or a JSON number, with one message for every way it can be wrong. */
const boundedInt = (bounds: { min: number; max: number; default: number }, error: string) =>
  z.coerce.number({ error }).int({ error }).min(bounds.min, { error }).max(bounds.max, { error }).default(bounds.default);

/**
 * The property windows a user may set: a child outside any is not kept, and more are proposed in its
 * place. Each bound is optional; the scales are the ones the result rows show.
 */
export const PROPERTY_WINDOWS = {
  mw: { min: 0, max: 2000, step: 10, label: { zh: '分子量', en: 'Molecular weight' } },
  logp: { min: -10, max: 15, step: 0.5, label: { zh: 'logP', en: 'logP' } },
  qed: { min: 0, max: 1, step: 0.05, label: { zh: 'QED', en: 'QED' } },
  sa: { min: 1, max: 10, step: 0.5, label: { zh: 'SA', en: 'SA' } },
} as const;
export type WindowProperty = keyof typeof PROPERTY_WINDOWS;

/** One optional bound of a window: a number on the property's scale, or an empty form field. */
const windowBound = (property: WindowProperty) => {
  const { min, max, label } = PROPERTY_WINDOWS[property];
  const error = messageRef(GENERATE_MESSAGES.windowRange, { property: label, min, max });
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error }).min(min, { error }).max(max, { error }).optional());
};

const windowBounds = Object.fromEntries(
  (Object.keys(PROPERTY_WINDOWS) as WindowProperty[]).flatMap((p) => [
    [`${p}_min`, windowBound(p)],
    [`${p}_max`, windowBound(p)],
  ]),
) as { [K in `${WindowProperty}_${'min' | 'max'}`]: ReturnType<typeof windowBound> };

export const generateParams = z
  .object({
    ...moleculeSourceParams,
    /** Children per input molecule. */
    gene_nums: boundedInt(GENE_NUMS, GENE_NUMS_MESSAGE),
    /** The generator's seed: the same molecules and seed give the same children. */
    seed: boundedInt(SEED, SEED_MESSAGE),
    ...windowBounds,
  })
  .superRefine((p, ctx) => {
    checkTypedMolecules(p, ctx);
    for (const property of Object.keys(PROPERTY_WINDOWS) as WindowProperty[]) {
      const low = p[`${property}_min`];
      const high = p[`${property}_max`];
      if (low !== undefined && high !== undefined && low > high) {
        ctx.addIssue({ code: 'custom', path: [`${property}_min`], message: messageRef(GENERATE_MESSAGES.windowOrder, { property: PROPERTY_WINDOWS[property].label }) });
      }
    }
  });
export type GenerateParams = z.infer<typeof generateParams>;

const nullableNumber = z.number().nullable();
const nullableFlag = z.boolean().nullable();

/**
 * One generated molecule (or, with `error`, an input molecule RDKit could not read): the spec's
 * `ID, SMILES` and its parent, then what the result view shows beside it. Declared beside the
 * module (result-rows.ts holds the older modules' rows); the page reads its type.
 */
export const generateRowSchema = z
  .looseObject({
    ...moleculeRowShape,
    parent_id: z.string().describe('The input molecule’s name'),
    parent_smiles: z.string().describe('The input molecule’s SMILES, as given'),
    similarity: nullableNumber.describe('Tanimoto similarity to the parent, Morgan radius 2, 2048 bits'),
    qed: nullableNumber.describe('Quantitative estimate of drug-likeness (RDKit), 0–1'),
    sa_score: nullableNumber.describe('Synthetic accessibility (RDKit Contrib SA_Score), 1 easy – 10 hard'),
    mw: nullableNumber.describe('Molecular weight, g/mol'),
    logp: nullableNumber.describe('Crippen logP'),
    novel: nullableFlag.describe('Absent from the MOSES reference sample'),
    pains: nullableFlag.describe('Matches a PAINS substructure (RDKit FilterCatalog)'),
    passes_filters: nullableFlag.describe('No PAINS match and SA score at most 6'),
  })
  .describe('Molecule generation (generate) row');
export type GenerateRow = z.infer<typeof generateRowSchema>;

/** What the generation form accepts; shared by the web form and the server's validation. */
export const generateForm = defineForm({
  ...generateMeta,
  description: {
    zh: '以输入分子为起点生成类似物：在分子图上做原子、键和环的改动，并用 MOSES 参考集中的 BRICS 片段替换取代基；去除价态非法、重复和与母体相同的分子，并给出与母体的相似度、QED、合成可及性（SA）、分子量、logP、相对参考集的新颖性和 PAINS 标记。相同的输入与随机种子得到相同的分子。',
    en: 'Makes analogues of each input molecule: atom, bond and ring edits of its graph, and substituents replaced by BRICS fragments from the MOSES reference set. Invalid valences, duplicates and the parent itself are dropped; each child comes with its similarity to the parent, QED, synthetic accessibility (SA), molecular weight, logP, novelty against the reference set and a PAINS flag. The same input and seed give the same molecules.',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'recent',
  files: [MOLECULE_FILE_FIELD],
  moleculeSource: MOLECULE_FILE_FIELD,
  params: generateParams,
});
