import { z } from 'zod';
import { bothLanguages } from '@yunyao/contract';
import type { Bilingual, FileFieldSpec } from '../types.ts';
import { MB } from './file-names.ts';
import { SHARED_MESSAGES } from './shared.messages.ts';

/**
 * The protein source radio of docking (and later pharmacophore, free energy,
 * workflows): an uploaded .pdb, a data-center .pdb, an RCSB entry by its 4-character
 * id, or an AlphaFold model by its 6-character UniProt id. The server turns the two
 * archive sources into an input file, so steps only ever read a PDB file.
 */
export const PROTEIN_SOURCE_TYPES = ['file', 'cos', 'rcsb', 'uniprod'] as const;
export type ProteinSourceType = (typeof PROTEIN_SOURCE_TYPES)[number];

// Message ids (shared/shared.messages.ts).
export const PROTEIN_FILE_MISSING = SHARED_MESSAGES.proteinFileMissing;
export const PROTEIN_COS_MISSING = SHARED_MESSAGES.proteinCosMissing;
export const PDB_ID_MISSING = SHARED_MESSAGES.pdbIdMissing;
export const UNIPROT_ID_MISSING = SHARED_MESSAGES.uniprotIdMissing;
export const PROTEIN_SOURCE_INVALID = SHARED_MESSAGES.proteinSourceInvalid;

/** The file field the source fills: an upload (`protein`) or a data-center id (`protein_cos`). */
export const PROTEIN_FILE_FIELD: FileFieldSpec = {
  field: 'protein',
  extensions: ['.pdb'],
  // The source, not the field, decides whether a file is required (see proteinSourceProblem).
  min: 0,
  max: 1,
  maxBytes: 50 * MB,
  requiredMessage: bothLanguages(PROTEIN_FILE_MISSING),
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
  return type === 'cos' && dataCenter === 0 ? bothLanguages(PROTEIN_COS_MISSING) : null;
}
