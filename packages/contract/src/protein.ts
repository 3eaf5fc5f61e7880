import { z } from 'zod';

/**
 * Protein structures from the public archives: a PDB entry by its 4-character id
 * (RCSB) or a predicted model by its 6-character UniProt accession (AlphaFold).
 * Ids are checked by the server so that each mistake gets the page's own message.
 */

/** A PDB id: a digit, then three letters or digits (case-insensitive). */
export const PDB_ID_PATTERN = /^[0-9][A-Za-z0-9]{3}$/;
/** A 6-character UniProt accession (the 10-character form has no AlphaFold file named this way). */
export const UNIPROT_ID_PATTERN = /^(?:[OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9][A-Z][A-Z0-9]{2}[0-9])$/i;
/** Suggestions the PDB id autocomplete shows at most. */
export const PDB_SUGGESTION_LIMIT = 10;

export const pdbUrlQuerySchema = z.object({ pdb_id: z.string().optional() });
export type PdbUrlQuery = z.infer<typeof pdbUrlQuerySchema>;

export const structureIdParamsSchema = z.object({ id: z.string() });

export const pdbEntrySearchQuerySchema = z.object({ entry: z.string().optional() });

export const pdbUrlSchema = z.object({
  /** Our own download path for the entry (GET, authenticated, chemical/x-pdb). */
  url: z.string(),
  pdb_id: z.string(),
});
export type PdbUrl = z.infer<typeof pdbUrlSchema>;

/** GET /api/uniprot/match: PDB ids for the autocomplete. */
export const pdbSuggestionSchema = z.object({ name: z.string() });
