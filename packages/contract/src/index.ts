export * from './envelope.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './tasks.ts';
export * from './user.ts';
export * from './files.ts';
export * from './personal.ts';
export * from './library.ts';
