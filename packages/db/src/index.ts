export * from './client.ts';
export * as schema from './schema.ts';
export { LEDGER_KINDS, type LedgerKind } from './schema.ts';
export * from './repositories/ledger.repository.ts';
export * from './repositories/users.repository.ts';
export * from './repositories/tasks.repository.ts';
export * from './repositories/files.repository.ts';
export * from './repositories/personal.repository.ts';
export * from './repositories/account.repository.ts';
