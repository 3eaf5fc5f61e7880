export interface StepRequest {
  name: string;
  argv: string[];
  env: Record<string, string>;
  /** Absolute scratch dir the step runs in. */
  cwd: string;
  cores: number;
  /** Memory per core the task asked for (MB); the executor refuses what it cannot give. */
  memoryMbPerCore?: number;
  timeLimitSeconds: number;
  /** Aborting kills the step (the whole process group). */
  signal: AbortSignal;
  /** Files receiving the step's stdout and stderr. */
  stdoutPath: string;
  stderrPath: string;
}

export interface StepResult {
  exitCode: number | null;
  timedOut: boolean;
  cancelled: boolean;
  /** User + system CPU seconds of the step and its children. */
  cpuSeconds: number;
  wallSeconds: number;
  /** Spawn failures and similar: the platform, not the input, is at fault. */
  platformError?: string;
  /** The step was not started because the request cannot be met here (e.g. more memory than the machine has). */
  refused?: string;
}

/** Runs one engine step somewhere: a local child process, or a Slurm job. */
export interface Executor {
  readonly kind: 'local' | 'slurm';
  run(step: StepRequest): Promise<StepResult>;
}
