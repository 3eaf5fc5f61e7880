import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, type PdbUrl, endpoints } from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';
import { fetchAlphafoldModel, fetchPdbEntry, normalizePdbId, searchPdbIds, type StructureFile } from '../services/structure-archive.ts';
import { endpointRoute } from './endpoint-route.ts';

function sendPdb(reply: FastifyReply, file: StructureFile, filename: string) {
  return reply
    .header('content-type', 'chemical/x-pdb; charset=utf-8')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('x-structure-source', file.source)
    .send(file.text);
}

/** Protein structures for the docking / pocket pages: RCSB entries by PDB id, AlphaFold models by UniProt id. */
export const proteinRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {

  // Fetches (and caches) the entry before answering, so a wrong id fails here
  // rather than in the tab the page opens with the link.
  app.route({
    ...endpointRoute(app, endpoints.protein.pdbUrl),
    handler: async (req) => {
      const id = normalizePdbId(req.query.pdb_id);
      await fetchPdbEntry(deps.config, id);
      return ok<PdbUrl>({ url: `/api/protein/pdb/${id}`, pdb_id: id });
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.protein.pdb),
    handler: async (req, reply) => {
      const file = await fetchPdbEntry(deps.config, req.params.id);
      return sendPdb(reply, file, `${file.id}.pdb`);
    },
  });

  // Static before parametric in Fastify's router: /match never reaches /:id.
  app.route({
    ...endpointRoute(app, endpoints.protein.match),
    handler: async (req) =>
      ok((await searchPdbIds(deps.config, req.query.entry)).map((name) => ({ name }))),
  });

  app.route({
    ...endpointRoute(app, endpoints.protein.alphafold),
    handler: async (req, reply) => {
      const file = await fetchAlphafoldModel(deps.config, req.params.id);
      return sendPdb(reply, file, `AF-${file.id}.pdb`);
    },
  });
};
