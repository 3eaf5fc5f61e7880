import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { ApiError, errors, type AdmetResultItem } from '@yunyao/contract';
import type { Config } from '@yunyao/platform';

const run = promisify(execFile);

/** Single-molecule predictions are a model load plus one molecule (~1-2 s of CPU); a few at a time keep the API responsive. */
const oneAtATime = pLimit(2);
const LOOKUP_TIMEOUT_MS = 60_000;

/**
 * ADMET of one SMILES, by the same step program the worker runs (`python -m yunyao.admet --smiles`),
 * for a detail dialog opened on a molecule no task of the user has predicted.
 */
export function predictOneMolecule(config: Pick<Config, 'python' | 'pythonPath'>, smiles: string): Promise<AdmetResultItem> {
  return oneAtATime(async () => {
    let stdout: string;
    try {
      ({ stdout } = await run(config.python, ['-m', 'yunyao.admet', '--smiles', smiles], {
        timeout: LOOKUP_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
        env: { ...process.env, PYTHONPATH: config.pythonPath, PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1', OMP_NUM_THREADS: '1' },
      }));
    } catch {
      throw new ApiError(errors.admetUnavailable);
    }
    return JSON.parse(stdout) as AdmetResultItem;
  });
}
