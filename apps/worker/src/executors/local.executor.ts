import { physicalMemoryMb, runStep } from '@yunyao/steps';
import type { Executor, StepRequest, StepResult } from './executor.ts';

/** Runs each step on this machine, through the platform's one step runner. */
export class LocalExecutor implements Executor {
  readonly kind = 'local' as const;

  /** `memoryMb`: what this machine can give a step. */
  constructor(private readonly memoryMb = physicalMemoryMb()) {}

  run(step: StepRequest): Promise<StepResult> {
    return runStep(step, this.memoryMb);
  }
}
