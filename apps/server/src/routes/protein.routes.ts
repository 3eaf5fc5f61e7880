import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, pdbEntrySearchQuerySchema, pdbUrlQuerySchema, structureIdParamsSchema, type PdbUrl } from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';
import { fetchAlphafoldModel, fetchPdbEntry, normalizePdbId, searchPdbIds, type StructureFile } from '../services/structure-archive.ts';

function sendPdb(reply: FastifyReply, file: StructureFile, filename: string) {
  return reply
    .header('content-type', 'chemical/x-pdb; charset=utf-8')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('x-structure-source', file.source)
    .send(file.text);
}

/** Protein structures for the docking / pocket pages: RCSB entries by PDB id, AlphaFold models by UniProt id. */
export const proteinRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', app.authenticate);

  // Fetches (and caches) the entry before answering, so a wrong id fails here
  // rather than in the tab the page opens with the link.
  app.get('/api/protein/pdburl', { schema: { querystring: pdbUrlQuerySchema, tags: ['protein'] } }, async (req) => {
    const id = normalizePdbId(req.query.pdb_id);
    await fetchPdbEntry(deps.config, id);
    return ok<PdbUrl>({ url: `/api/protein/pdb/${id}`, pdb_id: id });
  });

  app.get('/api/protein/pdb/:id', { schema: { params: structureIdParamsSchema, tags: ['protein'] } }, async (req, reply) => {
    const file = await fetchPdbEntry(deps.config, req.params.id);
    return sendPdb(reply, file, `${file.id}.pdb`);
  });

  // Static before parametric in Fastify's router: /match never reaches /:id.
  app.get('/api/uniprot/match', { schema: { querystring: pdbEntrySearchQuerySchema, tags: ['protein'] } }, async (req) =>
    ok((await searchPdbIds(deps.config, req.query.entry)).map((name) => ({ name }))),
  );

  app.get('/api/uniprot/:id', { schema: { params: structureIdParamsSchema, tags: ['protein'] } }, async (req, reply) => {
    const file = await fetchAlphafoldModel(deps.config, req.params.id);
    return sendPdb(reply, file, `AF-${file.id}.pdb`);
  });
};
