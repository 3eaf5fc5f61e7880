import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Slurm's commands as the platform calls them: argv arrays, with the environment that names the cluster
 * (SLURM_CONF where its slurm.conf is not /etc/slurm/slurm.conf; the munge socket is named in that file).
 */
export class SlurmCli {
  constructor(private readonly env: Record<string, string> = {}) {}

  async call(command: 'sbatch' | 'sacct' | 'sacctmgr' | 'scancel' | 'sinfo' | 'scontrol', args: string[], opts: { cwd?: string } = {}): Promise<string> {
    const { stdout } = await run(command, args, { env: { ...process.env, ...this.env }, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 2 ** 20, ...opts });
    return stdout;
  }
}
