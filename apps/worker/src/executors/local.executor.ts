import { physicalMemoryMb, runStep } from '@yunyao/steps';
import type { Executor, StepRequest, StepResult } from './executor.ts';

/** Runs each step on this machine, through the platform's one step runner; a split step's chunks one after another. */
export class LocalExecutor implements Executor {
  readonly kind = 'local' as const;

  /** `memoryMb`: what this machine can give a step; `chunkCount`: config.stepChunks. */
  constructor(
    private readonly memoryMb = physicalMemoryMb(),
    readonly chunkCount = 1,
  ) {}

  run(step: StepRequest): Promise<StepResult> {
    return runStep(step, this.memoryMb);
  }
}
