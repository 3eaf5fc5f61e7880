export * from './versions.ts';
