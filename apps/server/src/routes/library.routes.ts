import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIBRARY_FILTER_FIELDS, ok, type LibraryFeatures, type LibraryMoleculeRow, endpoints } from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';
import { csvOf } from '../csv.ts';
import { LibrarySearch } from '../services/library-search.service.ts';
import { librarySources, unimportedLibrarySources } from '../services/library-sources.service.ts';
import { endpointRoute } from './endpoint-route.ts';

/** The small-molecule library: counts and filtered molecules by descriptor ranges, flags, name and structure (pool page, "database" molecule source). */
export const libraryRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  // Migrations have run, so whether library_structures exists is settled for this process.
  const search = await LibrarySearch.open(db, deps.config);

  app.route({
    ...endpointRoute(app, endpoints.library.sources),
    handler: async () => ok(await librarySources(db)),
  });

  app.route({
    ...endpointRoute(app, endpoints.library.unimported),
    handler: async (req) => {
      // Users see only what they can search; importing is the staff's job, so only they are told how.
      if (!deps.config.staffEmails.includes(req.user.email)) return ok([]);
      return ok(await unimportedLibrarySources(db, deps.config));
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.library.features),
    handler: async () =>
      ok<LibraryFeatures>({ substructure_engine: search.cartridge ? 'cartridge' : 'fingerprint-screen', similarity_search: search.cartridge }),
  });

  app.route({
    ...endpointRoute(app, endpoints.library.count),
    handler: async (req) => {
      const { substructure, similar_to, similarity, ...filter } = req.query;
      return ok(await search.count(filter, { substructure, similar_to, similarity }));
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.library.filter),
    handler: async (req, reply) => {
      const { limit, offset, type, substructure, similar_to, similarity, ...filter } = req.query;
      const rows = await search.find(filter, { substructure, similar_to, similarity }, limit, offset);
      if (type !== 'csv') return ok(rows);
      const columns: (keyof LibraryMoleculeRow)[] = ['name', 'smiles', ...LIBRARY_FILTER_FIELDS, 'has_metal', 'pains', ...(similar_to ? (['similarity'] as const) : [])];
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filter.source}.csv"`);
      return csvOf(columns, rows.map((r) => columns.map((c) => r[c])));
    },
  });
};
