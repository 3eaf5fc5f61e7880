export * from './config.ts';
export * from './storage/index.ts';
export * from './queue.ts';
export * from './mail.ts';
export * from './payments/index.ts';
export * from './runtime.ts';
export * from './hpc/index.ts';
