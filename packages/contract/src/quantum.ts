import { z } from 'zod';

/**
 * GET /api/quantum/engines: which licensed engines the operator configured, so the quantum
 * pages can say before submission which engine will run a job (ORCA, else NWChem; DFTB+,
 * else GFN2-xTB) and refuse options that engine cannot run faithfully.
 */
export const quantumEnginesSchema = z.object({ orca: z.boolean(), dftb: z.boolean() });
export type QuantumEngines = z.infer<typeof quantumEnginesSchema>;
