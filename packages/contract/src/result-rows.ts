import { z } from 'zod';

/*
 * The rows of each module's result (GET /api/tasks/output/{id}, the result views, the CSV downloads).
 * A molecule's row carries the spec's task output row (doc 1 §3 and §9: `ID, SMILES, Kd, affinity,
 * score`), each field where the module computes that quantity, with the unit in the field's description;
 * the rest are the module's own extra fields. Every row schema is loose: a module may add fields.
 * The worker checks each module's rows against its schema before it stores them (`executeModule`).
 */

const nullableNumber = z.number().nullable();
/** Why the molecule has no result; null (or absent) when it has one. */
const rowError = z.string().nullish().describe('Why this molecule has no result (Chinese); null when it has one');

/** The spec's task output row: what every molecule row has. */
export const moleculeRowShape = {
  ID: z.string().describe('The molecule’s name (from the input, else made from the file name and record number)'),
  SMILES: z.string().describe('The molecule as SMILES (empty when it could not be read)'),
  error: rowError,
};

/** A molecule row with nothing but the spec's fields: what a new molecule module may start from. */
export const moleculeRowSchema = z.looseObject(moleculeRowShape).describe('Molecule row');

/** Kd, in nM: the spec's `Kd` column (doc 1 §2, screen 9). */
const kdNanomolar = nullableNumber.describe('Dissociation constant Kd in nM (10^(9 − pK)); null when not predicted');

/** `sign`: 3D affinity of a posed or docked ligand. */
export const signRowSchema = z
  .looseObject({
    index: z.number().describe('1-based position in the input'),
    ...moleculeRowShape,
    Kd: kdNanomolar,
    affinity: nullableNumber.describe('Predicted pK (−log10 Kd in M)'),
    score: nullableNumber.describe('AutoDock Vina score of the scored pose, kcal/mol'),
    posed: z.enum(['input', 'docked']).nullable().describe('input: the uploaded pose was scored; docked: docked into the site first'),
    in_domain: z.boolean().nullable().describe('Inside the model’s applicability domain (ligand and pocket)'),
    domain_note: z.string().nullable().optional().describe('Why the row is outside the domain (Chinese)'),
    pk_low: nullableNumber.optional().describe('Lower end of the 90 % conformal interval of `affinity`, pK'),
    pk_high: nullableNumber.optional().describe('Upper end of the 90 % conformal interval of `affinity`, pK'),
  })
  .describe('3D affinity (sign) row');

/** `graph_dta`: 2D (sequence-based) affinity. */
export const graphDtaRowSchema = z
  .looseObject({
    index: z.number().describe('1-based position in the input'),
    ...moleculeRowShape,
    Kd: kdNanomolar.describe('Dissociation constant Kd in nM (Davis model only; null for KIBA scores)'),
    affinity: nullableNumber.describe('Predicted pKd (Davis model) or KIBA score (KIBA model)'),
    affinity_low: nullableNumber.optional().describe('Lower end of the 90 % conformal interval of `affinity` (same unit)'),
    affinity_high: nullableNumber.optional().describe('Upper end of the 90 % conformal interval of `affinity` (same unit)'),
    distinct_from_typical: z
      .boolean()
      .nullable()
      .optional()
      .describe('False when the interval holds the training median (Davis: pKd 5, no binding): not distinguishable from a typical pair'),
    in_domain: z.boolean().nullable().optional().describe('Inside the model’s applicability domain (protein and ligand)'),
    domain_note: z.string().nullable().optional().describe('Why the row is outside the domain (Chinese)'),
  })
  .describe('2D affinity (graph_dta) row');

/** `autodock`: one ligand in one pocket (the spec's docking result row). */
export const dockingRowSchema = z
  .looseObject({
    ...moleculeRowShape,
    ids: z.string().describe('ID with the pocket name as prefix'),
    ligand: z.string().describe('The ligand’s name'),
    pocket: z.string().describe('The pocket it was docked into'),
    score: z.array(z.number()).describe('Vina score of each kept pose, best first, kcal/mol'),
    LE: nullableNumber.optional().describe('Ligand efficiency of the best pose, kcal/mol per heavy atom'),
    FQ: nullableNumber.optional().describe('Fit quality of the best pose'),
    pb_valid: z
      .boolean()
      .nullable()
      .optional()
      .describe('The best pose passes every PoseBusters-style validity check (python/yunyao/pose_checks.py); null: the check could not run'),
    pb_failed: z.array(z.string()).optional().describe('Names of the validity checks the best pose failed'),
    pb_poses: z.array(z.boolean().nullable()).optional().describe('Each kept pose’s validity flag, in pose order'),
    pb_error: z.string().optional().describe('Why the validity checks of the best pose could not run'),
  })
  .describe('Docking (autodock) row');

/** `pharmer`: a screened molecule ranked by the Vina energy of its aligned poses optimised in the receptor, then its pharmacophore score (or a molecule that could not be screened). */
export const pharmerRowSchema = z
  .looseObject({
    ...moleculeRowShape,
    vina: nullableNumber
      .optional()
      .describe('AutoDock Vina energy of the molecule’s best aligned placements optimised in the receptor (the lowest), kcal/mol, lower is better; null for a molecule the screen did not rescore (only its best by pharmacophore score are) or could not'),
    score: z.number().optional().describe('Pharmacophore score, 0–1: (shape Tanimoto + share of the enabled features reproduced) / 2 of the best placement, higher is better'),
    pass: z.boolean().optional().describe('Meets the query as set: all enabled features but one matched, without a clash'),
    rmsd: z.number().nullable().optional().describe('RMSD of the reproduced features, Å; null when none is'),
  })
  .describe('Pharmacophore screen (pharmer) row');

/** `dynamic`: MM/GBSA binding free energy of one pose. */
export const dynamicRowSchema = z
  .looseObject({
    ...moleculeRowShape,
    name: z.string().describe('The pose’s name in the input'),
    dG: nullableNumber.describe('Binding free energy ΔG, kcal/mol'),
    dG_sem: nullableNumber.describe('Standard error of ΔG, kcal/mol'),
  })
  .describe('Binding free energy (dynamic) row');

/** `admet`: one molecule's predictions (the spec's ADMET molecule data keeps `Smiles`; the result row adds `ID` and `SMILES`). */
export const admetRowSchema = z
  .looseObject({
    index: z.number().describe('1-based position in the input'),
    ...moleculeRowShape,
    name: z.string().describe('Same as ID (the field the ADMET detail and filter read)'),
    Smiles: z.string().describe('Same as SMILES (the spec’s ADMET molecule data field)'),
  })
  .describe('ADMET row');

/** `convert`, `merge`, `perform`: one molecule of the written file. */
export const fileToolRowSchema = z
  .looseObject({
    ...moleculeRowShape,
    source_file: z.string().describe('The input file the molecule came from'),
  })
  .describe('Format conversion, merge or optimisation row');

/** `pepsearch`: one predicted model of the peptide. */
export const peptideRowSchema = z
  .looseObject({
    rank: z.number().describe('1 = lowest energy'),
    energy_kcal_mol: z.number().describe('Model energy, kcal/mol'),
  })
  .describe('Peptide structure prediction (pepsearch) row');

/** `prothod`, `orca`: one molecule's quantum chemistry result. */
export const quantumRowSchema = z
  .looseObject({
    name: z.string().describe('The molecule’s input file or block name'),
    final_energy: nullableNumber.describe('Final single-point energy, Hartree'),
    error: rowError,
  })
  .describe('Quantum chemistry (prothod, orca) row');

/** `pocket`: one detected pocket. */
export const pocketRowSchema = z.looseObject({ id: z.number().describe('Pocket number, best first') }).describe('Pocket detection row');

/** `group`: one molecule that came through a workflow's last step, with every step's score (`s1`, `s2` …). */
export const workflowRowSchema = z
  .looseObject({
    ID: z.string().describe('The molecule’s name'),
    SMILES: z.string().describe('The molecule as SMILES, where a step reported one'),
  })
  // s<i>_domain columns are true/false (a step's applicability-domain verdict).
  .catchall(z.union([z.number(), z.string(), z.boolean()]).nullable())
  .describe('Workflow (group) row: s1, s2 … hold each step’s score in that step’s unit; s<i>_low, s<i>_high (90 % interval), s<i>_kd, s<i>_domain, s<i>_sem what the step shows beside it');
export type WorkflowRow = z.infer<typeof workflowRowSchema>;

export type SignRow = z.infer<typeof signRowSchema>;
export type GraphDtaRow = z.infer<typeof graphDtaRowSchema>;
export type DockingRow = z.infer<typeof dockingRowSchema>;

/** Every module's row schema: GET /api/tasks/output/{id} answers rows of one of these. */
export const RESULT_ROW_SCHEMAS = [
  signRowSchema,
  graphDtaRowSchema,
  dockingRowSchema,
  pharmerRowSchema,
  dynamicRowSchema,
  admetRowSchema,
  fileToolRowSchema,
  peptideRowSchema,
  quantumRowSchema,
  pocketRowSchema,
  workflowRowSchema,
] as const;
