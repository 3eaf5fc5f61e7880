import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moleculeCountQuerySchema, moleculeFilterQuerySchema, ok } from '@yunyao/contract';
import { countLibraryMolecules, filterLibraryMolecules, listLibrarySources } from '@yunyao/db';
import type { ServerDeps } from '../deps.ts';

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The small-molecule library: counts and filtered molecules by descriptor ranges (pool page, "database" molecule source). */
export const libraryRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  app.addHook('preHandler', app.authenticate);

  app.get('/api/molecule/sources', { schema: { tags: ['library'] } }, async () => ok(await listLibrarySources(db)));

  app.get('/api/molecule/count', { schema: { querystring: moleculeCountQuerySchema, tags: ['library'] } }, async (req) =>
    ok(await countLibraryMolecules(db, req.query)),
  );

  app.get('/api/molecule/filter', { schema: { querystring: moleculeFilterQuerySchema, tags: ['library'] } }, async (req, reply) => {
    const { limit, type, ...filter } = req.query;
    const rows = await filterLibraryMolecules(db, filter, limit);
    if (type !== 'csv') return ok(rows);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filter.source}.csv"`)
      .send(['name,smiles', ...rows.map((r) => `${csvCell(r.name)},${csvCell(r.smiles)}`)].join('\n') + '\n');
  });
};
