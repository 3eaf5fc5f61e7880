export * from './clusters.ts';
