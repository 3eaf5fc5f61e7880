export * from './state.ts';
export * from './interlocks.ts';
export * from './validate.ts';
export * from './request.ts';
