import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, type EmbeddedMolecule, type QuantumEngines, endpoints } from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';
import { embedMolecule } from '../services/embed-xyz.service.ts';
import { endpointRoute } from './endpoint-route.ts';

/** What the quantum, Rosetta and VASP pages need to know of the platform's licensed engines (the jobs themselves go through the module routes). */
export const quantumRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  app.route({
    ...endpointRoute(app, endpoints.system.quantumEngines),
    handler: async () => {
      const { orcaPath, dftbPath } = deps.config.licensedEngines;
      return ok<QuantumEngines>({ orca: Boolean(orcaPath), dftb: Boolean(dftbPath) });
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.system.licensedEngines),
    handler: async () => {
      const { rosettaBin, vaspPath, mpirunPath } = deps.config.licensedEngines;
      return ok({ rosetta: Boolean(rosettaBin), vasp: Boolean(vaspPath), vasp_mpi: Boolean(mpirunPath) });
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.system.quantumEmbed),
    handler: async (req) => ok<EmbeddedMolecule>(await embedMolecule(deps.config, req.body)),
  });
};
