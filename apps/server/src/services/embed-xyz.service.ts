import { tmpdir } from 'node:os';
import pLimit from 'p-limit';
import { ApiError, embeddedMoleculeSchema, errors, type EmbeddedMolecule, type EmbedRequest } from '@yunyao/contract';
import type { Config } from '@yunyao/platform';
import { pythonCommand, runStep } from '@yunyao/steps';
import { stepJson } from './step-output.ts';

/** An embedding is one RDKit start and a conformer (~0.3 s for a drug); a few at a time keep the API responsive. */
const fewAtATime = pLimit(2);
const EMBED_TIME_LIMIT_SECONDS = 30;

/**
 * A typed or drawn molecule as XYZ, by `python -m yunyao.embed_xyz` (ETKDGv3 with a fixed seed, then
 * MMFF94): the quantum forms show it in 3D and post it as the molecule's .xyz, so the geometry and
 * charge checks of an uploaded file apply to it unchanged.
 */
export function embedMolecule(config: Pick<Config, 'python' | 'pythonPath'>, request: EmbedRequest): Promise<EmbeddedMolecule> {
  return fewAtATime(async () => {
    const res = await runStep({
      name: 'embed-xyz',
      ...pythonCommand(config, 'embed_xyz', ['--smiles', request.smiles, '--name', request.name ?? ''], 1),
      cwd: tmpdir(),
      cores: 1,
      timeLimitSeconds: EMBED_TIME_LIMIT_SECONDS,
    });
    // A SMILES RDKit cannot read or embed is the user's to fix: answer its reason.
    if (res.failure?.kind === 'input') throw new ApiError(errors.validation, res.failure.reason);
    const molecule = res.failure ? undefined : stepJson(embeddedMoleculeSchema, res.stdout);
    if (!molecule) throw new ApiError(errors.embedUnavailable);
    return molecule;
  });
}
