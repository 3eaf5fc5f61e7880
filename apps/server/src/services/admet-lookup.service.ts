import { tmpdir } from 'node:os';
import pLimit from 'p-limit';
import { ApiError, admetResultItemSchema, errors, type AdmetResultItem } from '@yunyao/contract';
import type { Config } from '@yunyao/platform';
import { pythonCommand, runStep } from '@yunyao/steps';
import { stepJson } from './step-output.ts';

/** Single-molecule predictions are a model load plus one molecule (~1-2 s of CPU); a few at a time keep the API responsive. */
const oneAtATime = pLimit(2);
const LOOKUP_TIME_LIMIT_SECONDS = 60;

/**
 * ADMET of one SMILES, by the same step program the worker runs (`python -m yunyao.admet --smiles`),
 * for a detail dialog opened on a molecule no task of the user has predicted.
 */
export function predictOneMolecule(config: Pick<Config, 'python' | 'pythonPath'>, smiles: string): Promise<AdmetResultItem> {
  return oneAtATime(async () => {
    const res = await runStep({
      name: 'admet-lookup',
      ...pythonCommand(config, 'admet', ['--smiles', smiles], 1),
      cwd: tmpdir(),
      cores: 1,
      timeLimitSeconds: LOOKUP_TIME_LIMIT_SECONDS,
    });
    const row = res.failure ? undefined : stepJson(admetResultItemSchema, res.stdout);
    if (!row) throw new ApiError(errors.admetUnavailable);
    return row;
  });
}
