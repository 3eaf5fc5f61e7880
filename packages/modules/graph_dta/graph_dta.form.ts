import { z } from 'zod';
import { bothLanguages } from '@yunyao/contract';
import { defineForm, type FileFieldSpec } from '../types.ts';
import { MB } from '../shared/file-names.ts';
import { checkTypedMolecules, MOLECULE_FILE_FIELD, screeningSourceParams } from '../shared/molecule-source.ts';
import { graphDtaMeta } from './graph_dta.meta.ts';
import { GRAPH_DTA_MESSAGES } from './graph_dta.messages.ts';
import { defineWorkflowStep, workflowFilterField } from '../shared/workflow-step.ts';

/** The two trained networks: Davis (pKd, with Kd in nM) and KIBA (the KIBA score, not a Kd). Both are kinase sets. */
export const DTA_MODELS = ['davis', 'kiba'] as const;
export type DtaModel = (typeof DTA_MODELS)[number];
export const SEQUENCE_SOURCES = ['file', 'cos'] as const;

export const SEQUENCE_FILE_MISSING = GRAPH_DTA_MESSAGES.sequenceFileMissing;
export const SEQUENCE_COS_MISSING = GRAPH_DTA_MESSAGES.sequenceCosMissing;
export const DTA_MODEL_INVALID = GRAPH_DTA_MESSAGES.modelInvalid;

/** One protein: a FASTA of single-letter amino acids (spec), a plain-text sequence, or a PDB whose first chain is read. */
export const SEQUENCE_FILE_FIELD: FileFieldSpec = {
  field: 'protein',
  extensions: ['.fasta', '.fa', '.txt', '.pdb'],
  min: 0,
  max: 1,
  maxBytes: 20 * MB,
  requiredMessage: bothLanguages(SEQUENCE_FILE_MISSING),
  dataCenterField: 'protein_cos',
  // Letters and the length the network needs are checked at submission.
  contentCheck: 'sequence',
};

export const graphDtaParams = z
  .object({
    protein_source: z.enum(SEQUENCE_SOURCES).default('file'),
    ...screeningSourceParams,
    model: z.enum(DTA_MODELS, { error: DTA_MODEL_INVALID }).default('davis'),
  })
  .superRefine((p, ctx) => checkTypedMolecules(p, ctx));
export type GraphDtaParams = z.infer<typeof graphDtaParams>;

/** The sequence source's missing file, given how many arrived (uploads and data-center picks alike). */
export function sequenceSourceProblem(p: Pick<GraphDtaParams, 'protein_source'>, sequences: number): string | null {
  if (sequences > 0) return null;
  return p.protein_source === 'cos' ? SEQUENCE_COS_MISSING : SEQUENCE_FILE_MISSING;
}

/** 2D affinity as a workflow step: the protein's sequence is read from the workflow's structure (its first chain). */
const graphDtaWorkflowStep = defineWorkflowStep({
  needs: ['protein', 'molecules'],
  gives: [],
  fields: z.object({ filter: workflowFilterField }),
  score: { column: 'affinity', better: 'higher', label: { zh: '2D 亲和力 pKd', en: '2D affinity pKd' } },
  // KIBA scores have no Kd (null); each row's domain verdict weighs the protein and the ligand.
  columns: [
    { kind: 'interval', low: 'affinity_low', high: 'affinity_high' },
    { kind: 'kd', column: 'Kd', toNm: 1 },
    { kind: 'domain', column: 'in_domain' },
  ],
  nameColumn: 'ID',
  files: { protein: SEQUENCE_FILE_FIELD.field, molecules: MOLECULE_FILE_FIELD.field },
  formFields: () => ({ protein_source: 'file', mole_type: 'file', model: 'davis' }),
});

/** What the 2D affinity forms accept; shared by the web forms and the server's validation. */
export const graphDtaForm = defineForm({
  ...graphDtaMeta,
  description: {
    zh: '由蛋白氨基酸序列与小分子 SMILES 预测结合亲和力：序列经一维卷积网络、分子经 Morgan 指纹编码后联合预测；Davis 模型给出 pKd 与 Kd（nM），KIBA 模型给出 KIBA 分数。两个训练集均为激酶，非激酶蛋白会被标为超出适用域。',
    en: 'Predicts binding affinity from a protein sequence and small-molecule SMILES: a 1D convolutional network reads the sequence, a Morgan fingerprint the molecule. The Davis model gives pKd and Kd (nM), the KIBA model the KIBA score. Both training sets are kinases; a protein far from every training kinase is flagged as out of domain.',
  },
  priceFenPerCoreHour: 100,
  cores: 1,
  history: 'paged',
  files: [SEQUENCE_FILE_FIELD, MOLECULE_FILE_FIELD],
  workflowStep: graphDtaWorkflowStep,
  moleculeSource: MOLECULE_FILE_FIELD,
  params: graphDtaParams,
});
