/**
 * The environment every engine step starts from, locally and on a Slurm node: nothing of the worker's
 * own environment but PATH, so a step runs the same wherever it runs. The step's own variables are
 * added on top (and may override these).
 *
 * OMP_WAIT_POLICY=PASSIVE: an OpenMP thread that reaches a barrier first sleeps instead of spinning.
 * The worker runs several tasks at a time, each on its own cores' worth of threads, so threads often
 * outnumber cores; a spinning thread then burns the slice its partner needs. Measured on 2 cores with
 * the 60-molecule QSAR build of the tests (XGBoost on 2 threads, thousands of tiny parallel regions):
 * three builds at once took 90 s each spinning and 21 s each sleeping. A build alone paid for it (9 -> 13 s)
 * until it fitted its independent models side by side instead (now 4 s; docs/operations.md).
 */
export function stepEnvironment(cwd: string, cores: number, env: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: cwd,
    LANG: 'C.UTF-8',
    OMP_NUM_THREADS: String(cores),
    OMP_WAIT_POLICY: 'PASSIVE',
    ...env,
  };
}
