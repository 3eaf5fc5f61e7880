export * from './job.ts';
export * from './result.ts';
export * from './bilingual.ts';
export * from './xyz.ts';
export * from './keywords/orca-line.ts';
export * from './keywords/prothod.ts';
export * from './orca-form/index.ts';
export * from './engines/orca/index.ts';
