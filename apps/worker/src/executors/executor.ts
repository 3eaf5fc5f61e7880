import type { StepRequest, StepResult } from '@yunyao/steps';

export type { StepRequest, StepResult };

/** Runs one engine step somewhere: a local child process, or a Slurm job. */
export interface Executor {
  readonly kind: 'local' | 'slurm';
  run(step: StepRequest): Promise<StepResult>;
}
