import { z } from 'zod';

/**
 * GET /api/quantum/engines: which licensed engines the operator configured, so the quantum
 * pages can say before submission which engine will run a job (ORCA, else NWChem; DFTB+,
 * else GFN2-xTB) and refuse options that engine cannot run faithfully.
 */
export const quantumEnginesSchema = z.object({ orca: z.boolean(), dftb: z.boolean() });
export type QuantumEngines = z.infer<typeof quantumEnginesSchema>;

/** POST /api/quantum/embed: a typed or drawn molecule, to be made 3D for a quantum form. */
export const embedRequestSchema = z.object({
  smiles: z.string().trim().min(1, '请输入或绘制分子！').max(1000, '每个分子的 SMILES 不能超过 1000 个字符！'),
  /** The molecule's name: the XYZ comment line and the file name the form posts. */
  name: z.string().trim().max(80).optional(),
});
export type EmbedRequest = z.infer<typeof embedRequestSchema>;

/** The project's own embedding (RDKit ETKDGv3, fixed seed, then MMFF94 or UFF), as the XYZ the form posts. */
export const embeddedMoleculeSchema = z.object({
  xyz: z.string(),
  atoms: z.number().int(),
  /** Sum of the SMILES' formal charges: what the form's charge should be. */
  formal_charge: z.number().int(),
  force_field: z.enum(['MMFF94', 'UFF']),
  /** RDKit's canonical SMILES of what was embedded. */
  smiles: z.string(),
});
export type EmbeddedMolecule = z.infer<typeof embeddedMoleculeSchema>;
