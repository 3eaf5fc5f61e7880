import type { SlurmCli } from './cli.ts';

/** A cluster login and Slurm account name: what `useradd` and `sacctmgr` both accept. */
export const HPC_ACCOUNT_NAME = /^[a-z_][a-z0-9_-]{0,31}$/;

/**
 * Opens a user's account on the cluster: a Slurm account of that name with the login of the same
 * name as its user, so every job the user submits there is accounted to it. Safe to repeat.
 */
export async function openSlurmAccount(slurm: SlurmCli, account: string): Promise<void> {
  if (!HPC_ACCOUNT_NAME.test(account)) throw new Error(`not a cluster account name: ${account}`);
  const existing = await slurm.call('sacctmgr', ['--noheader', '--parsable2', 'show', 'association', 'where', `account=${account}`, `user=${account}`, 'format=Account']);
  if (existing.trim()) return;
  const accounts = await slurm.call('sacctmgr', ['--noheader', '--parsable2', 'show', 'account', account, 'format=Account']);
  if (!accounts.trim()) await slurm.call('sacctmgr', ['--immediate', 'add', 'account', account, 'Description=yunyao', 'Organization=yunyao']);
  await slurm.call('sacctmgr', ['--immediate', 'add', 'user', account, `Account=${account}`]);
}

/** Each account's `MaxSubmitJobs` as set on the account itself (-1: no limit). */
export async function accountSubmitLimits(slurm: SlurmCli, accounts: readonly string[]): Promise<Map<string, number>> {
  const out = await slurm.call('sacctmgr', ['--noheader', '--parsable2', 'show', 'association', 'where', `account=${accounts.join(',')}`, 'format=Account,User,MaxSubmit']);
  const limits = new Map<string, number>();
  for (const line of out.split('\n')) {
    const [account, user, maxSubmit] = line.split('|');
    if (account && user === '') limits.set(account, maxSubmit ? Number(maxSubmit) : -1);
  }
  return limits;
}

/**
 * Stops (`open` false) or lets again (`open` true) an account's users submit jobs. Slurm applies it
 * with `AccountingStorageEnforce=limits` (docs/operations.md); jobs already running go on.
 */
export async function setAccountSubmission(slurm: SlurmCli, account: string, open: boolean): Promise<void> {
  await slurm.call('sacctmgr', ['--immediate', 'modify', 'account', 'where', `name=${account}`, 'set', `MaxSubmitJobs=${open ? -1 : 0}`]);
}
