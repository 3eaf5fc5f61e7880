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
