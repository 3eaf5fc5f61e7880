import { execFile } from 'node:child_process';

/** How long a Slurm client command may take before the caller treats the controller as unreachable. */
const SLURM_COMMAND_TIMEOUT_MS = 60_000;

/**
 * Runs one Slurm client command (`sacct`, `sacctmgr`, `sbatch`, `scancel`…) against the cluster whose
 * slurm.conf is `slurmConf`, as an argv array (never a shell string), and answers its stdout. A
 * non-zero exit rejects with the command's own stderr, which names what Slurm refused.
 */
export function runSlurm(slurmConf: string, command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      [...args],
      { env: { ...process.env, SLURM_CONF: slurmConf }, encoding: 'utf8', timeout: SLURM_COMMAND_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')}: ${stderr.trim() || error.message}`));
        else resolve(stdout);
      },
    );
  });
}
