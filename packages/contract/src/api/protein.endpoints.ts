import { z } from 'zod';
import { pdbEntrySearchQuerySchema, pdbSuggestionSchema, pdbUrlQuerySchema, pdbUrlSchema, structureIdParamsSchema } from '../protein.ts';
import { downloadBody, endpoint } from './endpoint.ts';

export const proteinEndpoints = {
  pdbUrl: endpoint({
    method: 'GET',
    path: '/api/protein/pdburl',
    query: pdbUrlQuerySchema,
    response: pdbUrlSchema,
    auth: true,
    tag: 'protein',
    summary: 'Fetches (and caches) a PDB entry and answers our download path for it.',
  }),
  pdb: endpoint({
    method: 'GET',
    path: '/api/protein/pdb/:id',
    params: structureIdParamsSchema,
    response: downloadBody,
    answers: 'download',
    auth: true,
    tag: 'protein',
    summary: 'A PDB entry as PDB text (chemical/x-pdb).',
  }),
  // Static before parametric in Fastify's router: /match never reaches /:id.
  match: endpoint({
    method: 'GET',
    path: '/api/uniprot/match',
    query: pdbEntrySearchQuerySchema,
    response: z.array(pdbSuggestionSchema),
    auth: true,
    tag: 'protein',
    summary: 'Up to 10 PDB ids starting with the typed characters (autocomplete).',
  }),
  alphafold: endpoint({
    method: 'GET',
    path: '/api/uniprot/:id',
    params: structureIdParamsSchema,
    response: downloadBody,
    answers: 'download',
    auth: true,
    tag: 'protein',
    summary: "A UniProt accession's AlphaFold model as PDB text (chemical/x-pdb).",
  }),
};
