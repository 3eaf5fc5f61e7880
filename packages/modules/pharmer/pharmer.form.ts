import { z } from 'zod';
import { bothLanguages, messageRef } from '@yunyao/contract';
import { defineForm, type FileFieldSpec, type ModulePreview } from '../types.ts';
import { MB } from '../shared/file-names.ts';
import { checkTypedMolecules, MOLECULE_FILE_FIELD, screeningSourceParams } from '../shared/molecule-source.ts';
import { checkProteinIds, PROTEIN_FILE_FIELD, PROTEIN_FILE_MISSING, PROTEIN_SOURCE_INVALID, proteinSourceParams } from '../shared/protein-source.ts';
import { LIGAND_COS_MISSING, LIGAND_FILE_MISSING, ligandSourceParam } from '../shared/ligand-source.ts';
import { pharmacophoreQuerySchema, referenceLigandSchema } from './pharmer-query.ts';
import { pharmerMeta } from './pharmer.meta.ts';
import { PHARMER_MESSAGES } from './pharmer.messages.ts';
import { defineWorkflowStep, workflowFilterField } from '../shared/workflow-step.ts';

export * from './pharmer-query.ts';

/** The spec's sources for this page: no AlphaFold model (a reference ligand's pose belongs to an experimental structure). */
export const PHARMER_PROTEIN_SOURCES = ['file', 'cos', 'rcsb'] as const;
/** Result retention rank, as docking's `filter` (the spec's workflow default is 50). */
export const PHARMER_FILTER = { min: 1, max: 2000, default: 50 } as const;
/** A query needs two features to place a molecule at all. */
export const MIN_QUERY_FEATURES = 2;
/** Reference ligands the spec allows: their features pool into one query. */
export const MAX_REFERENCE_FILES = 2;
export const REFERENCE_EXTENSIONS = ['.sdf', '.mol2', '.pdb'] as const;

// The spec's messages for this page (document 2, "Pharmacophore").
export const PDB_ID_4_MISSING = PHARMER_MESSAGES.pdbId4Missing;
export { LIGAND_COS_MISSING as REFERENCE_COS_MISSING, LIGAND_FILE_MISSING as REFERENCE_FILE_MISSING } from '../shared/ligand-source.ts';
export const FEATURES_INVALID = messageRef(PHARMER_MESSAGES.featuresInvalid, { min: MIN_QUERY_FEATURES });
export const FILTER_INVALID = messageRef(PHARMER_MESSAGES.filterInvalid, { min: PHARMER_FILTER.min, max: PHARMER_FILTER.max });
export const REFERENCE_TYPE_INVALID = PHARMER_MESSAGES.referenceTypeInvalid;

/** The reference ligand in its bound pose, in the protein's frame (spec: .sdf/.mol2/.pdb, at most 2 files). */
export const REFERENCE_FILE_FIELD: FileFieldSpec = {
  field: 'ligand',
  extensions: REFERENCE_EXTENSIONS,
  // The source, not the field, decides whether a file is required (see pharmerSourceProblem).
  min: 0,
  max: MAX_REFERENCE_FILES,
  maxBytes: 10 * MB,
  requiredMessage: bothLanguages(LIGAND_FILE_MISSING),
  dataCenterField: 'ligand_cos',
  contentCheck: 'reference',
};

/** `F1,F3,F4`: the query's features the user kept on (all the query enables by default when absent). */
const featureIds = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^F\d+(,F\d+)*$/, { error: FEATURES_INVALID })
    .refine((s) => new Set(s.split(',')).size >= MIN_QUERY_FEATURES, { error: FEATURES_INVALID })
    .optional(),
);

export const pharmerParams = z
  .object({
    ...proteinSourceParams,
    protein_source: z.enum(PHARMER_PROTEIN_SOURCES, { error: PROTEIN_SOURCE_INVALID }).default('file'),
    ...screeningSourceParams,
    ligand_source: ligandSourceParam,
    features: featureIds,
    filter: z.coerce
      .number({ error: FILTER_INVALID })
      .int({ error: FILTER_INVALID })
      .min(PHARMER_FILTER.min, { error: FILTER_INVALID })
      .max(PHARMER_FILTER.max, { error: FILTER_INVALID })
      .default(PHARMER_FILTER.default),
    /** Seed of the conformer ensembles; recorded with the result. */
    seed: z.coerce.number().int().min(0).max(2 ** 31 - 1).optional(),
  })
  .superRefine((p, ctx) => {
    checkProteinIds(p, ctx, PDB_ID_4_MISSING);
    // The spec gives this page's empty textarea the data-center ligand message.
    checkTypedMolecules(p, ctx, LIGAND_COS_MISSING);
  });
export type PharmerParams = z.infer<typeof pharmerParams>;

const hasReferenceExtension = (name: string) => REFERENCE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** The page's query preview: the protein's and reference ligands' text, answered with the query. */
export const pharmerPreview = {
  body: z.object({
    protein: z.string({ error: PROTEIN_FILE_MISSING }).min(1, { error: PROTEIN_FILE_MISSING }),
    references: z
      .array(referenceLigandSchema.refine((r) => hasReferenceExtension(r.name), { error: REFERENCE_TYPE_INVALID }), { error: LIGAND_FILE_MISSING })
      .min(1, { error: LIGAND_FILE_MISSING })
      .max(MAX_REFERENCE_FILES),
  }),
  response: pharmacophoreQuerySchema,
  summary: 'Builds the pharmacophore query of a protein and its reference ligand(s), as a task would, without submitting one.',
} satisfies ModulePreview;
export type PharmerPreviewBody = z.infer<typeof pharmerPreview.body>;

/**
 * Pharmacophore screening as a workflow step: the query comes from a reference ligand (the
 * workflow's, or the best pose of a docking step before it), and the molecules are screened against it.
 */
const pharmerWorkflowStep = defineWorkflowStep({
  needs: ['protein', 'molecules', 'reference'],
  gives: [],
  fields: z.object({ filter: workflowFilterField }),
  // A workflow keeps the screen's own order (python/yunyao/pharmer/outputs.py ranked_rows): molecules meeting the query
  // first, then in each group those Vina rescored by the energy of their aligned poses optimised in the receptor, the
  // others (only the best 10 %, at least 300, are rescored) after them by rank score. So a `filter` above the rescored
  // count passes on molecules without an energy too; the summary shows `vina`, empty for them.
  score: {
    column: 'vina',
    better: 'lower',
    order: 'rows',
    label: { zh: 'Vina 能量（叠合构象局部优化）', en: 'Vina energy (aligned pose optimised)' },
    unit: 'kcal/mol',
  },
  nameColumn: 'ID',
  files: { protein: PROTEIN_FILE_FIELD.field, molecules: MOLECULE_FILE_FIELD.field, reference: REFERENCE_FILE_FIELD.field },
  formFields: (f) => ({ protein_source: 'file', mole_type: 'file', ligand_source: 'file', filter: String(f.filter) }),
});

/** What the pharmacophore form accepts; shared by the web form and the server's validation. */
export const pharmerForm = defineForm({
  ...pharmerMeta,
  description: {
    zh: '以参考配体在蛋白中的结合构象构建药效团：RDKit 识别氢键供体/受体、芳环、疏水、正/负电离基团，PLIP 标出与蛋白实际相互作用的特征，蛋白原子作为排除体积；每个小分子生成 ETKDG 构象系综，按特征匹配或 O3A 叠合到参考配体上，以形状相似度与重现的特征比例综合打分（ROCS 式 TanimotoCombo）；按得分排名最前的分子（前 10%，至少 300 个）再将其得分最高的几个叠合构象由 AutoDock Vina 在受体中局部优化，满足药效团查询的分子排在最前，各组内重打分的分子按优化后的 Vina 能量在前、其余按药效团得分在后，并给出其在受体中的三维构象。',
    en: "Builds a pharmacophore from the reference ligand's bound pose: RDKit finds donors, acceptors, aromatic rings, hydrophobes and ionisable groups, PLIP marks those the protein actually interacts with, and the receptor's atoms become excluded volumes; every molecule's ETKDG conformer ensemble is placed on the reference by feature match or O3A and scored by shape overlap plus the share of features it reproduces (a ROCS-style TanimotoCombo); the best molecules by that score (the top 10 %, at least 300) then have their best few placements optimised in the receptor by AutoDock Vina; the molecules meeting the query come first, and within each group the rescored ones by the optimised Vina energy, the others after them by the pharmacophore score; those meeting the query are marked, each with its pose in the receptor.",
  },
  priceFenPerCoreHour: 100,
  cores: 2,
  history: 'paged',
  files: [PROTEIN_FILE_FIELD, MOLECULE_FILE_FIELD, REFERENCE_FILE_FIELD],
  workflowStep: pharmerWorkflowStep,
  proteinSource: PROTEIN_FILE_FIELD,
  moleculeSource: MOLECULE_FILE_FIELD,
  params: pharmerParams,
  preview: pharmerPreview,
});
