import { z } from 'zod';
import type { Bilingual, FileFieldSpec } from '../types.ts';
import { MB } from './file-names.ts';

/**
 * The protein source radio of docking (and later pharmacophore, free energy,
 * workflows): an uploaded .pdb, a data-center .pdb, an RCSB entry by its 4-character
 * id, or an AlphaFold model by its 6-character UniProt id. The server turns the two
 * archive sources into an input file, so steps only ever read a PDB file.
 */
export const PROTEIN_SOURCE_TYPES = ['file', 'cos', 'rcsb', 'uniprod'] as const;
export type ProteinSourceType = (typeof PROTEIN_SOURCE_TYPES)[number];

export const PROTEIN_FILE_MISSING = '请上传蛋白质文件！';
export const PROTEIN_COS_MISSING = '请选择数据中心蛋白质文件！';
export const PDB_ID_MISSING = '请输入蛋白质pdbid！';
export const UNIPROT_ID_MISSING = '请输入六位蛋白质pdbid！';
export const PROTEIN_SOURCE_INVALID = '请选择蛋白质来源！';

export const PROTEIN_SOURCE_MESSAGES_EN: Readonly<Record<string, string>> = {
  [PROTEIN_FILE_MISSING]: 'Please upload a protein file.',
  [PROTEIN_COS_MISSING]: 'Please choose a protein file from the data center.',
  [PDB_ID_MISSING]: 'Please enter the 4-character PDB id.',
  [UNIPROT_ID_MISSING]: 'Please enter the 6-character UniProt id.',
  [PROTEIN_SOURCE_INVALID]: 'Please choose where the protein comes from.',
};

/** The file field the source fills: an upload (`protein`) or a data-center id (`protein_cos`). */
export const PROTEIN_FILE_FIELD: FileFieldSpec = {
  field: 'protein',
  extensions: ['.pdb'],
  // The source, not the field, decides whether a file is required (see proteinSourceProblem).
  min: 0,
  max: 1,
  maxBytes: 50 * MB,
  requiredMessage: { zh: PROTEIN_FILE_MISSING, en: PROTEIN_SOURCE_MESSAGES_EN[PROTEIN_FILE_MISSING]! },
  dataCenterField: 'protein_cos',
  // Binary, garbage, truncated or protein-free structures are refused at submission, not by the preparation step.
  contentCheck: 'protein',
};

const PDB_ID = /^[0-9][A-Za-z0-9]{3}$/;
const UNIPROT_ID = /^[A-Za-z0-9]{6}$/;

/** Zod fields of the source, spread into a module's params object. */
export const proteinSourceParams = {
  protein_source: z.enum(PROTEIN_SOURCE_TYPES, { error: PROTEIN_SOURCE_INVALID }).default('file'),
  pdb_id: z.string().trim().optional(),
  uniprod_id: z.string().trim().optional(),
};

/**
 * The archive ids, for a params schema's superRefine: only the chosen source's id is checked.
 * `pdbIdMissing`: a page's own words for a bad PDB id (the pharmacophore page's 请输入4位PDB ID！).
 */
export function checkProteinIds(
  params: { protein_source: ProteinSourceType; pdb_id?: string | undefined; uniprod_id?: string | undefined },
  ctx: z.RefinementCtx,
  pdbIdMissing: string = PDB_ID_MISSING,
): void {
  if (params.protein_source === 'rcsb' && !PDB_ID.test(params.pdb_id ?? '')) ctx.addIssue({ code: 'custom', path: ['pdb_id'], message: pdbIdMissing });
  if (params.protein_source === 'uniprod' && !UNIPROT_ID.test(params.uniprod_id ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['uniprod_id'], message: UNIPROT_ID_MISSING });
  }
}

/**
 * What is missing for an upload or a data-center choice, given how many files came.
 * `spec`: the page's protein field, whose `requiredMessage` names a missing upload in the page's own words.
 */
export function proteinSourceProblem(type: ProteinSourceType, uploads: number, dataCenter: number, spec: FileFieldSpec = PROTEIN_FILE_FIELD): Bilingual | null {
  if (type === 'file' && uploads === 0) return spec.requiredMessage;
  return type === 'cos' && dataCenter === 0 ? { zh: PROTEIN_COS_MISSING, en: PROTEIN_SOURCE_MESSAGES_EN[PROTEIN_COS_MISSING]! } : null;
}
