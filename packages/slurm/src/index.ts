export { SlurmCli } from './cli.ts';
export { isTerminal, parseSacct, SACCT_FIELDS, slurmDuration, type SacctJob } from './sacct.ts';
export { ACCOUNTING_FORMAT_ARGS, hasEnded, parseAccounting, type AccountingRecord } from './accounting.ts';
export { accountSubmitLimits, HPC_ACCOUNT_NAME, openSlurmAccount, setAccountSubmission } from './associations.ts';
