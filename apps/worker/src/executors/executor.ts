export interface StepRequest {
  name: string;
  argv: string[];
  env: Record<string, string>;
  /** Absolute scratch dir the step runs in. */
  cwd: string;
  cores: number;
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
}

/** Runs one engine step somewhere: a local child process, or a Slurm job. */
export interface Executor {
  readonly kind: 'local' | 'slurm';
  run(step: StepRequest): Promise<StepResult>;
}
