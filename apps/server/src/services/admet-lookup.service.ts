import { ApiError, admetModelCardSchema, admetResultItemSchema, errors, type AdmetModelCard, type AdmetResultItem } from '@yunyao/contract';
import type { z } from 'zod';
import { runServerStep, stepJson, type PythonConfig } from './server-step.ts';

/** A single-molecule prediction is a model load plus one molecule (~1-2 s of CPU). */
const LOOKUP_TIME_LIMIT_SECONDS = 60;

/** The ADMET step program run on the server (`python -m yunyao.admet <args>`), its JSON answer read by `schema`. */
async function askAdmetStep<T>(config: PythonConfig, name: string, args: string[], schema: z.ZodType<T>): Promise<T> {
  const res = await runServerStep(config, { name, program: 'admet', args, timeLimitSeconds: LOOKUP_TIME_LIMIT_SECONDS });
  const answer = res.failure ? undefined : stepJson(schema, res.stdout);
  if (!answer) throw new ApiError(errors.admetUnavailable);
  return answer;
}

/**
 * ADMET of one SMILES, by the same step program the worker runs (`python -m yunyao.admet --smiles`),
 * for a detail dialog opened on a molecule no task of the user has predicted.
 */
export function predictOneMolecule(config: PythonConfig, smiles: string): Promise<AdmetResultItem> {
  return askAdmetStep(config, 'admet-lookup', ['--smiles', smiles], admetResultItemSchema);
}

/** The shipped models' card changes only with a deploy, so it is read once per server (a failed read is retried next time). */
let modelCard: Promise<AdmetModelCard> | undefined;

/** Per endpoint: held-out metric, calibration, verdict thresholds and known limitation (`python -m yunyao.admet --card`). */
export function admetModelCard(config: PythonConfig): Promise<AdmetModelCard> {
  modelCard ??= askAdmetStep(config, 'admet-model-card', ['--card'], admetModelCardSchema).catch((err: unknown) => {
    modelCard = undefined;
    throw err;
  });
  return modelCard;
}
