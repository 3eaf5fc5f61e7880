export { SlurmCli } from './cli.ts';
export { isTerminal, parseSacct, SACCT_FIELDS, slurmDuration, type SacctJob } from './sacct.ts';
