import { z } from 'zod';
import { embeddedMoleculeSchema, embedRequestSchema, quantumEnginesSchema } from '../quantum.ts';
import { endpoint } from './endpoint.ts';

const engineInfoSchema = z.object({ id: z.string(), name: z.string(), found: z.boolean(), version: z.string().nullable(), path: z.string().nullable() });

/** GET /api/health (HTTP 503 with the same body when a part is down). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.string(), version: z.string().nullable(), latency_ms: z.number().optional(), error: z.string().optional() }),
  queue: z.object({ ok: z.boolean(), kind: z.string(), queued: z.number().optional(), error: z.string().optional() }),
  storage: z.object({ kind: z.string(), ok: z.boolean(), detail: z.string() }),
  mail: z.string(),
  engines: z.array(engineInfoSchema),
});

/** Health, the platform's configuration the pages need, the ops channel and the OpenAPI document itself. */
export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    response: healthSchema,
    auth: false,
    tag: 'health',
    summary: 'Database, queue, storage, mail and engine versions.',
  }),
  quantumEngines: endpoint({
    method: 'GET',
    path: '/api/quantum/engines',
    response: quantumEnginesSchema,
    auth: true,
    tag: 'quantum',
    summary: 'Which licensed engines (ORCA, DFTB+) the operator configured.',
  }),
  licensedEngines: endpoint({
    method: 'GET',
    path: '/api/licensed/engines',
    response: z.object({
      rosetta: z.boolean().describe('ROSETTA_BIN is set: Rosetta Minimize and Packer tasks can run'),
      vasp: z.boolean().describe('VASP_BIN is set: VASP tasks can run'),
      vasp_mpi: z.boolean().describe('VASP_MPIRUN is set: VASP tasks may ask for more than one core'),
    }),
    auth: true,
    tag: 'modules',
    summary: 'Which licensed engines of the Rosetta and VASP pages the operator configured (the pages say so before a form is filled).',
  }),
  quantumEmbed: endpoint({
    method: 'POST',
    path: '/api/quantum/embed',
    body: embedRequestSchema,
    response: embeddedMoleculeSchema,
    auth: true,
    tag: 'quantum',
    summary: 'A SMILES made 3D (RDKit ETKDGv3 with a fixed seed, then MMFF94) as XYZ, its comment line the name: the quantum forms preview and post it.',
  }),
  ops: endpoint({
    method: 'POST',
    path: '/api/ops',
    body: z.object({ args: z.array(z.string()) }),
    response: z.object({ code: z.number(), lines: z.array(z.string()) }),
    auth: false,
    hidden: true,
    tag: 'ops',
    summary: 'The ops CLI inside the running platform: loopback only, with the token of the lock file.',
  }),
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    response: z.record(z.string(), z.unknown()),
    answers: 'raw-json',
    auth: false,
    hidden: true,
    tag: 'health',
    summary: 'This document.',
  }),
};
