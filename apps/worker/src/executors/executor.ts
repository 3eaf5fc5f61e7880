import type { RunChunks, StepRequest, StepResult } from '@yunyao/steps';

export type { RunChunks, StepRequest, StepResult };

/** Runs one engine step somewhere: a local child process, or a Slurm job. */
export interface Executor {
  readonly kind: 'local' | 'slurm';
  run(step: StepRequest): Promise<StepResult>;
  /** How many chunks a splittable step (StepChunks) is cut into; 1 runs it whole. */
  readonly chunkCount: number;
  /** Runs a split step's chunks (a Slurm job array); one after another through `run` when absent. */
  runChunks?: RunChunks;
}
