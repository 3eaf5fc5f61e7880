import { ApiError, embeddedMoleculeSchema, errors, type EmbeddedMolecule, type EmbedRequest } from '@yunyao/contract';
import { runServerStep, stepJson, type PythonConfig } from './server-step.ts';

/** An embedding is one RDKit start and a conformer (~0.3 s for a drug). */
const EMBED_TIME_LIMIT_SECONDS = 30;

/**
 * A typed or drawn molecule as XYZ, by `python -m yunyao.embed_xyz` (ETKDGv3 with a fixed seed, then
 * MMFF94): the quantum forms show it in 3D and post it as the molecule's .xyz, so the geometry and
 * charge checks of an uploaded file apply to it unchanged.
 */
export async function embedMolecule(config: PythonConfig, request: EmbedRequest): Promise<EmbeddedMolecule> {
  const args = ['--smiles', request.smiles, '--name', request.name ?? ''];
  const res = await runServerStep(config, { name: 'embed-xyz', program: 'embed_xyz', args, timeLimitSeconds: EMBED_TIME_LIMIT_SECONDS });
  // A SMILES RDKit cannot read or embed is the user's to fix: answer its reason.
  if (res.failure?.kind === 'input') throw new ApiError(errors.validation, res.failure.reason);
  const molecule = res.failure ? undefined : stepJson(embeddedMoleculeSchema, res.stdout);
  if (!molecule) throw new ApiError(errors.embedUnavailable);
  return molecule;
}
