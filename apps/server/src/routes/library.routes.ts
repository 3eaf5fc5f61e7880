import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, errors, LIBRARY_FILTER_FIELDS, ok, type LibraryFeatures, type LibraryMoleculeRow, type MoleculeCountQuery, endpoints } from '@yunyao/contract';
import {
  countLibraryMolecules,
  filterLibraryMolecules,
  isValidSmiles,
  libraryStructureSearchAvailable,
  listLibrarySources,
  parseSubstructure,
  type LibraryStructureFilter,
} from '@yunyao/db';
import type { ServerDeps } from '../deps.ts';
import { csvOf } from '../csv.ts';
import { endpointRoute } from './endpoint-route.ts';


/** The small-molecule library: counts and filtered molecules by descriptor ranges and structure (pool page, "database" molecule source). */
export const libraryRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  // Migrations have run, so whether library_structures exists is settled for this process.
  const structureSearch = await libraryStructureSearchAvailable(db);

  /** The structure part of a query, with its patterns checked by the cartridge itself. */
  const structureFilter = async (query: Pick<MoleculeCountQuery, 'substructure' | 'similar_to' | 'similarity'>): Promise<LibraryStructureFilter | undefined> => {
    if (!query.substructure && !query.similar_to) return undefined;
    if (!structureSearch) throw new ApiError(errors.structureSearchUnavailable);
    const structure: LibraryStructureFilter = {};
    if (query.substructure) {
      const kind = await parseSubstructure(db, query.substructure);
      if (!kind) throw new ApiError(errors.substructureInvalid);
      structure.substructure = { pattern: query.substructure, kind };
    }
    if (query.similar_to) {
      if (!(await isValidSmiles(db, query.similar_to))) throw new ApiError(errors.similarSmilesInvalid);
      structure.similarTo = { smiles: query.similar_to, threshold: query.similarity };
    }
    return structure;
  };

  app.route({
    ...endpointRoute(app, endpoints.library.sources),
    handler: async () => ok(await listLibrarySources(db)),
  });

  app.route({
    ...endpointRoute(app, endpoints.library.features),
    handler: async () => ok<LibraryFeatures>({ structure_search: structureSearch }),
  });

  app.route({
    ...endpointRoute(app, endpoints.library.count),
    handler: async (req) => {
      const { substructure, similar_to, similarity, ...filter } = req.query;
      return ok(await countLibraryMolecules(db, filter, await structureFilter({ substructure, similar_to, similarity })));
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.library.filter),
    handler: async (req, reply) => {
      const { limit, type, substructure, similar_to, similarity, ...filter } = req.query;
      const structure = await structureFilter({ substructure, similar_to, similarity });
      const rows = await filterLibraryMolecules(db, filter, limit, structure);
      if (type !== 'csv') return ok(rows);
      const columns: (keyof LibraryMoleculeRow)[] = ['name', 'smiles', ...LIBRARY_FILTER_FIELDS, ...(structure?.similarTo ? (['similarity'] as const) : [])];
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filter.source}.csv"`);
      return csvOf(columns, rows.map((r) => columns.map((c) => r[c])));
    },
  });
};
