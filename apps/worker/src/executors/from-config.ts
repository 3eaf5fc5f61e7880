import type { Config } from '@yunyao/platform';
import type { Executor } from './executor.ts';
import { LocalExecutor } from './local.executor.ts';
import { SlurmExecutor } from './slurm.executor.ts';

/** The executor the configuration names (EXECUTOR, SLURM_*, STEP_CHUNKS). */
export function executorOf(config: Pick<Config, 'executor'>): Executor {
  const e = config.executor;
  if (e.kind === 'local') return new LocalExecutor(undefined, e.chunks);
  return new SlurmExecutor({ env: e.env, pollMs: e.pollMs, chunkCount: e.chunks, ...(e.partition ? { partition: e.partition } : {}), ...(e.account ? { account: e.account } : {}) });
}
