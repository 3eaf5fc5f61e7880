import { z } from 'zod';
import { SHARED_MESSAGES } from './shared.messages.ts';

/**
 * The posed-ligand source radio of the pharmacophore and free-energy pages: an upload or a
 * data-center file. The ligands keep their coordinates (a bound pose in the protein's frame),
 * so there is no SMILES or database choice here.
 */
export const LIGAND_SOURCES = ['file', 'cos'] as const;
export type LigandSource = (typeof LIGAND_SOURCES)[number];

// The spec's messages of both pages (ids in shared/shared.messages.ts).
export const LIGAND_FILE_MISSING = SHARED_MESSAGES.ligandFileMissing;
export const LIGAND_COS_MISSING = SHARED_MESSAGES.ligandCosMissing;

export const ligandSourceParam = z.enum(LIGAND_SOURCES).default('file');

/** What the chosen source lacks, given the ligand files that arrived (uploads and data-center picks alike). */
export function ligandSourceProblem(source: LigandSource, files: number): string | null {
  if (files > 0) return null;
  return source === 'cos' ? LIGAND_COS_MISSING : LIGAND_FILE_MISSING;
}
