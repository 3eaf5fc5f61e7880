/**
 * How much searching a prediction does; the spec's form has no such field, so `standard` is what a
 * bare request gets. `quick` gives a first look in a minute or two, `thorough` assembles four times
 * the decoys and refines twice the models. docs/models/peptides.md measures them.
 */
export const SAMPLING_LEVELS = ['quick', 'standard', 'thorough'] as const;
export type SamplingLevel = (typeof SAMPLING_LEVELS)[number];

/**
 * Each sampling level as the knobs of the engine's fragment assembly (`--method=fragments`,
 * python/yunyao/pepsearch/cli.py): decoys assembled, Monte Carlo steps per decoy, and the largest
 * decoy clusters refined in implicit solvent. `standard` is the engine's own default, which found
 * chignolin's hairpin where 12 ns of annealing (the module's earlier method) did not.
 */
export interface Sampling {
  decoys: number;
  mcSteps: number;
  refined: number;
}

export const SAMPLING: Record<SamplingLevel, Sampling> = {
  quick: { decoys: 100, mcSteps: 2000, refined: 5 },
  standard: { decoys: 400, mcSteps: 4000, refined: 10 },
  thorough: { decoys: 1600, mcSteps: 4000, refined: 20 },
};

export function samplingArgs(level: SamplingLevel): string[] {
  const s = SAMPLING[level];
  return ['--method=fragments', `--decoys=${s.decoys}`, `--mc-steps=${s.mcSteps}`, `--refine-models=${s.refined}`];
}
