import { z } from 'zod';
import {
  libraryFeaturesSchema,
  libraryMoleculeRowSchema,
  librarySourceCountSchema,
  moleculeCountQuerySchema,
  moleculeFilterQuerySchema,
  unimportedLibrarySchema,
} from '../library.ts';
import { endpoint } from './endpoint.ts';

export const libraryEndpoints = {
  sources: endpoint({
    method: 'GET',
    path: '/api/molecule/sources',
    response: z.array(librarySourceCountSchema),
    auth: true,
    tag: 'library',
    summary: 'The imported molecule sources and their sizes.',
  }),
  unimported: endpoint({
    method: 'GET',
    path: '/api/molecule/unimported',
    response: z.array(unimportedLibrarySchema),
    auth: true,
    tag: 'library',
    summary: "For staff (STAFF_EMAILS): the spec's libraries not imported yet and the command importing each; empty for everyone else.",
  }),
  features: endpoint({
    method: 'GET',
    path: '/api/molecule/features',
    response: libraryFeaturesSchema,
    auth: true,
    tag: 'library',
    summary: 'How substructure search runs here, and whether similarity search is available.',
  }),
  count: endpoint({
    method: 'GET',
    path: '/api/molecule/count',
    query: moleculeCountQuerySchema,
    response: z.number(),
    auth: true,
    tag: 'library',
    summary: 'How many molecules of a source match the descriptor ranges and structure filter.',
  }),
  filter: endpoint({
    method: 'GET',
    path: '/api/molecule/filter',
    query: moleculeFilterQuerySchema,
    response: z.array(libraryMoleculeRowSchema),
    csv: true,
    auth: true,
    tag: 'library',
    summary: 'The matching molecules (at most `limit`); `type=csv` downloads them.',
  }),
};
