import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, type EmbeddedMolecule, type QuantumEngines, endpoints } from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';
import { embedMolecule } from '../services/embed-xyz.service.ts';
import { endpointRoute } from './endpoint-route.ts';

/** What the quantum pages need to know of the platform's configuration (the jobs themselves go through the module routes). */
export const quantumRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  app.route({
    ...endpointRoute(app, endpoints.system.quantumEngines),
    handler: async () => {
      const { orcaPath, dftbPath } = deps.config.licensedEngines;
      return ok<QuantumEngines>({ orca: Boolean(orcaPath), dftb: Boolean(dftbPath) });
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.system.quantumEmbed),
    handler: async (req) => ok<EmbeddedMolecule>(await embedMolecule(deps.config, req.body)),
  });
};
