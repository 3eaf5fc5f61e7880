export * from './clusters.ts';
export * from './sacct.ts';
export * from './slurm-cli.ts';
export * from './associations.ts';
