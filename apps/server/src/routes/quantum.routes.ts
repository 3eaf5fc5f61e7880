import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, type QuantumEngines } from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';

/** What the quantum pages need to know of the platform's configuration (the jobs themselves go through the module routes). */
export const quantumRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  app.get('/api/quantum/engines', { preHandler: app.authenticate, schema: { tags: ['quantum'] } }, async () => {
    const { orcaPath, dftbPath } = deps.config.licensedEngines;
    return ok<QuantumEngines>({ orca: Boolean(orcaPath), dftb: Boolean(dftbPath) });
  });
};
