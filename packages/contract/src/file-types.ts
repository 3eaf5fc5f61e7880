/**
 * Data-center file types without zod, so the web app can import them at runtime
 * without pulling the validation library into its bundle.
 */

/** Data-center file types and the extensions each accepts (spec document 2, section 5). */
export const DATA_FILE_TYPES = {
  protein: ['.pdb'],
  ligand: ['.sdf', '.mol2', '.pdb'],
  ligands: ['.zip'],
  pocket: ['.mol2'],
  fasta: ['.fasta'],
  smiles: ['.csv'],
} as const;
export type DataFileType = keyof typeof DATA_FILE_TYPES;

// Type-only, so importing it from here still keeps zod out of the bundle.
export type { DataFile } from './files.ts';
