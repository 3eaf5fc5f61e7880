export * from './job.ts';
export * from './result.ts';
