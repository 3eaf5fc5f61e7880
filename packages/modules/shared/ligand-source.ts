import { z } from 'zod';

/**
 * The posed-ligand source radio of the pharmacophore and free-energy pages: an upload or a
 * data-center file. The ligands keep their coordinates (a bound pose in the protein's frame),
 * so there is no SMILES or database choice here.
 */
export const LIGAND_SOURCES = ['file', 'cos'] as const;
export type LigandSource = (typeof LIGAND_SOURCES)[number];

// The spec's messages of both pages.
export const LIGAND_FILE_MISSING = '请上传配体文件！';
export const LIGAND_COS_MISSING = '请选择数据中心配体文件！';

export const LIGAND_SOURCE_MESSAGES_EN: Readonly<Record<string, string>> = {
  [LIGAND_FILE_MISSING]: 'Please upload the ligand file.',
  [LIGAND_COS_MISSING]: 'Please choose a ligand file from the data center.',
};

export const ligandSourceParam = z.enum(LIGAND_SOURCES).default('file');

/** What the chosen source lacks, given the ligand files that arrived (uploads and data-center picks alike). */
export function ligandSourceProblem(source: LigandSource, files: number): string | null {
  if (files > 0) return null;
  return source === 'cos' ? LIGAND_COS_MISSING : LIGAND_FILE_MISSING;
}
